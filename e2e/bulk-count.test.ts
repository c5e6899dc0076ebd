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

describe('bulk actions on a whole filter', () => {
  it('say exactly how many leads, repeat the filter, and make an erasure of more than 100 be typed', async () => {
    const batch = await importLeads(
      `e2e-massa-${suffix}`,
      Array.from({ length: 101 }, (_, index) => `Massa ${index} ${suffix}`),
    );
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/leads/list');
    await page.getByLabel('Lote').fill(String(batch));
    await page.getByText('101 leads', { exact: true }).waitFor();

    await page.getByLabel('Selecionar todos do filtro').check();
    await page.getByRole('button', { name: 'Ações em massa' }).click();
    await page.getByRole('menuitem', { name: 'Apagar dados (LGPD)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apagar dados pessoais (LGPD)' });
    await dialog.getByText('Apagar dados: todos os 101 leads do filtro atual.').waitFor();
    await dialog.getByText(`Filtro: importação #${batch}.`).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Apagar dados' });
    expect(await confirm.isDisabled()).toBe(true);
    const typed = dialog.getByLabel('Para confirmar, digite o número de leads: 101');
    await typed.fill('100');
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('101');
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await page.getByText('101 leads alterados, 0 ignorados').waitFor();
    await page.context().close();
  });
});
