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

describe('ordering the lead list', () => {
  it('reads newest first, oldest first or by name, accents aside', async () => {
    const names = ['Carla', 'Ângela', 'beatriz', 'Davi'].map((name) => `${name} Ordem ${suffix}`);
    const batch = await importLeads(`e2e-ordem-${suffix}`, names);
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/leads/list');
    await page.getByLabel('Lote').fill(String(batch));
    const table = page.getByRole('table', { name: 'Leads' });
    const rows = table.locator('tbody tr[tabindex="0"]');
    const shown = () =>
      rows.evaluateAll((elements) =>
        elements.map((row) => row.getAttribute('aria-label')?.replace(/^Abrir /, '')),
      );
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(4);
    const newestFirst = await shown();

    const order = page.getByRole('combobox', { name: 'Ordem da lista' });
    await order.click();
    await page.getByRole('option', { name: 'Nome (A–Z)' }).click();
    await expect.poll(shown, { timeout: 10_000 }).toEqual([names[1], names[2], names[0], names[3]]);
    expect(await table.getByRole('columnheader', { name: 'Nome' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    await order.click();
    await page.getByRole('option', { name: 'Mais antigos primeiro' }).click();
    await expect.poll(shown, { timeout: 10_000 }).toEqual([...newestFirst].reverse());
    await page.context().close();
  });
});
