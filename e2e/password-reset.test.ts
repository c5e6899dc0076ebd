import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPasswordMessage } from '../src/core/auth.ts';
import {
  admin,
  createUser,
  latestMailTo,
  launchBrowser,
  newPage,
  resetLinkPath,
  signIn,
} from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('forgotten password', () => {
  it('mails a single-use link that sets a new password', async () => {
    const email = 'carla.reset@e2e.test';
    await createUser({
      name: 'Carla Reset',
      email,
      role: 'assessor',
      password: 'senha-antiga-123',
    });

    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.getByRole('heading', { name: 'Recuperar senha' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText(forgotPasswordMessage).waitFor();

    const link = resetLinkPath(await latestMailTo(email));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Nova senha' }).waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-456');
    await page.getByLabel('Confirme a nova senha').fill('senha-nova-456');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('Senha alterada. Entre com a nova senha.').waitFor();

    await signIn(page, email, 'senha-antiga-123');
    await page.getByText('E-mail ou senha incorretos.').waitFor();
    await signIn(page, email, 'senha-nova-456');
    await page.waitForURL((url) => url.pathname === '/colaborador');

    const reused = await newPage(browser);
    await reused.goto(link);
    await reused.getByRole('heading', { name: 'Nova senha' }).waitFor();
    await reused.getByLabel('Nova senha', { exact: true }).fill('mais-uma-senha-789');
    await reused.getByLabel('Confirme a nova senha').fill('mais-uma-senha-789');
    await reused.getByRole('button', { name: 'Salvar nova senha' }).click();
    await reused.getByText('Este link é inválido ou já expirou. Peça um novo.').waitFor();
    expect(new URL(reused.url()).pathname).toBe('/login/resetpassword');
    await page.context().close();
    await reused.context().close();
  });

  it('gives a new user a link that lasts 72 hours, which an admin can send again', async () => {
    const suffix = Date.now().toString(36);
    const name = `Convidada ${suffix}`;
    const email = `convidada-${suffix}@e2e.test`;
    await createUser({ name, email, role: 'assessor' });
    const invitation = await latestMailTo(email);
    expect(invitation).toContain('O link vale por 72 horas');

    const desk = await newPage(browser);
    await signIn(desk, admin().email, admin().password);
    await desk.waitForURL((url) => url.pathname === '/');
    await desk.goto('/createuser');
    await desk.getByRole('button', { name: `Ações de ${name}` }).click();
    await desk.getByRole('menuitem', { name: 'Reenviar link para criar senha' }).click();
    await expect
      .poll(async () => resetLinkPath(await latestMailTo(email)))
      .not.toBe(resetLinkPath(invitation));
    const resent = await latestMailTo(email);
    expect(resent).toContain('O link vale por 72 horas');

    const page = await newPage(browser);
    await page.goto(resetLinkPath(resent));
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-da-convidada-1');
    await page.getByLabel('Confirme a nova senha').fill('senha-da-convidada-1');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('Senha alterada. Entre com a nova senha.').waitFor();
    await desk.context().close();
    await page.context().close();
  });

  it('answers the same neutral message for an unknown e-mail', async () => {
    const page = await newPage(browser);
    await page.goto('/login/forgotpassword');
    await page.getByLabel('E-mail').fill('ninguem@e2e.test');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText(forgotPasswordMessage).waitFor();
    await page.context().close();
  });
});
