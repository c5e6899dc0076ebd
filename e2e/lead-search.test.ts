import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLeads } from './support/api.ts';
import { admin, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);

describe('searching leads', () => {
  it('finds "João da Conceição" typed as "conceicao joao", without accents, words skipped', async () => {
    const name = `João da Conceição ${suffix}`;
    await importLeads(`e2e-busca-${suffix}`, [name, `João Pereira ${suffix}`]);
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/leads/list');
    await page.getByRole('heading', { name: 'Lista total de Leads' }).waitFor();
    const rows = page.getByRole('table', { name: 'Leads' }).locator('tbody tr[tabindex="0"]');
    const search = page.getByPlaceholder('Buscar por nome, telefone, e-mail ou CPF');
    await search.fill(`conceicao JOAO ${suffix}`);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.first().innerText()).toContain(name);
    await search.fill(`joao ${suffix}`);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await page.context().close();
  });
});
