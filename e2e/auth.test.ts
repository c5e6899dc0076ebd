import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminCookie, api } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const header = (page: Page) => page.locator('header');

describe('sign-in, header and sign-out', () => {
  it('signs the administrator in to the dashboard with the full header', async () => {
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(() => document.title === 'CCA - Dashboard');
    for (const link of ['Criar assessor', 'Acompanhar leads atendidos', 'Leads', 'Leads diarios']) {
      await header(page).getByRole('link', { name: link, exact: true }).waitFor();
    }
    await expect(header(page).getByText('CCA', { exact: true }).count()).resolves.toBeGreaterThan(
      0,
    );

    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'cca.session_token');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(await page.evaluate(() => document.cookie)).not.toContain('session_token');

    await header(page).getByRole('button', { name: 'Ana Administradora' }).click();
    await page.getByRole('menuitem', { name: /Ana Administradora.*Administrador/s }).waitFor();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/createuser');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });

  it('shows one message for a wrong password and stays on /login', async () => {
    const page = await newPage(browser);
    await signIn(page, admin().email, 'senha-errada-demais');
    await page.getByText('E-mail ou senha incorretos.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(header(page).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('tells a deactivated user, who knows their password, why and whom to ask', async () => {
    const suffix = Date.now().toString(36);
    const user = {
      name: `Desativada ${suffix}`,
      email: `desativada-${suffix}@e2e.test`,
      password: `senha-desativada-${suffix}`,
    };
    const { id } = await createUser({ ...user, role: 'assessor' });
    await api(await adminCookie(), `/api/users/${id}`, {
      method: 'PATCH',
      body: { active: false },
    });
    const page = await newPage(browser);
    await signIn(page, user.email, user.password);
    await page
      .getByText('Sua conta no CCA foi desativada. Peça a um administrador do CCA que a reative.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('sends a signed-out visitor to /login and back to the wanted page after signing in', async () => {
    const page = await newPage(browser);
    await page.goto('/leads/list');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('E-mail').fill(admin().email);
    await page.getByLabel('Senha', { exact: true }).fill(admin().password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => url.pathname === '/leads/list');
    await page.getByRole('heading', { name: 'Lista total de Leads' }).waitFor();
    await expect(
      header(page).getByRole('link', { name: 'Leads', exact: true }).getAttribute('aria-current'),
    ).resolves.toBe('page');

    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/login/forgotpassword');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('answers an unknown path with status 404 and "Page not found"', async () => {
    const page = await newPage(browser);
    const response = await page.goto('/nao/existe');
    expect(response?.status()).toBe(404);
    await page.getByText('Page not found: /nao/existe').waitFor();
    await page.context().close();
  });

  it('ships no secret in the built JavaScript', async () => {
    const assets = path.resolve('dist/web/assets');
    const files = (await readdir(assets)).filter((file) => file.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const databasePassword = await readFile(
      path.join(inject('dataDir'), 'postgres-password'),
      'utf8',
    );
    for (const file of files) {
      const code = await readFile(path.join(assets, file), 'utf8');
      expect(code).not.toContain(databasePassword.trim());
      expect(code).not.toContain(admin().password);
      expect(code).not.toMatch(/postgres(ql)?:\/\//);
      expect(code).not.toMatch(/AUTH_SECRET|service_role|SMTP_URL/);
    }
  });
});
