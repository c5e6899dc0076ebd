import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);

describe('agent states', () => {
  it('the assessor pauses for lunch, sees the time counting, and comes back to work', async () => {
    const assessor = {
      name: `Paula Pausa ${suffix}`,
      email: `paula-pausa-${suffix}@e2e.test`,
      password: `senha-da-paula-${suffix}`,
    };
    await createUser({ ...assessor, role: 'assessor' });
    const page = await newPage(browser);
    let beats = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/agent-state/presence')) beats++;
    });
    await signIn(page, assessor.email, assessor.password);
    await page.waitForURL((url) => url.pathname === '/colaborador');

    await page.getByRole('button', { name: 'Pausar' }).click();
    await page.getByRole('menuitem', { name: /^Almoço/ }).click();
    const banner = page.getByRole('region', { name: 'Pausa' });
    await banner.getByText(/^Em pausa: Almoço · \d\d:\d\d$/).waitFor();
    const first = await banner.getByText(/^\d\d:\d\d$/).textContent();
    await expect.poll(() => banner.getByText(/^\d\d:\d\d$/).textContent()).not.toBe(first);
    await banner.getByText('Limite: 60 min.').waitFor();

    await banner.getByRole('button', { name: 'Voltar ao trabalho' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Pausar' }).waitFor();

    // The page keeps saying it is there, every 20 s, from its worker's timer.
    await expect.poll(() => beats, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(2);

    // The state holds on the server: a reload shows no pause.
    await page.reload();
    await page.getByRole('button', { name: 'Pausar' }).waitFor();
    expect(await page.getByRole('region', { name: 'Pausa' }).count()).toBe(0);
  });

  it('an admin adds a pause reason, takes it out of the menu and brings it back', async () => {
    const reason = `Ginástica laboral ${suffix}`;
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/pausas');
    const form = page.getByRole('region', { name: 'Novo motivo' });
    await form.getByRole('textbox', { name: 'Motivo' }).fill(reason);
    await form.getByRole('button', { name: 'Criar motivo' }).click();
    await page.getByText(`Motivo "${reason}" criado.`).waitFor();

    await page.getByRole('button', { name: `Desativar ${reason}` }).click();
    await page.getByText(`"${reason}" foi desativado: os assessores não o veem mais.`).waitFor();
    await page.getByRole('button', { name: `Reativar ${reason}` }).click();
    await page.getByText(`"${reason}" voltou ao menu de pausa.`).waitFor();
    await page.getByRole('button', { name: `Desativar ${reason}` }).waitFor();
    await page.context().close();
  });
});
