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

describe('the lead list on a phone', () => {
  it('shows name, phone, status and assessor without sideways scrolling, the rest in the detail', async () => {
    const name = `Telefone Pequeno ${suffix}`;
    const batch = await importLeads(`e2e-celular-${suffix}`, [name]);
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/leads/list');
    await page.getByLabel('Lote').fill(String(batch));
    const table = page.getByRole('table', { name: 'Leads' });
    const row = table.getByRole('row', { name: `Abrir ${name}` });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(name);
    expect(text).toMatch(/\(11\) 9\d{4}-\d{4}/);
    expect(text.toLowerCase()).toContain('novo');
    // Every cell of the row within the screen: nothing to scroll sideways for.
    const scrolls = await table.evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
    expect(scrolls).toBeLessThanOrEqual(0);
    await row.click();
    await page.getByRole('dialog', { name }).getByText(`Lote ${batch}`).first().waitFor();
    await page.context().close();
  });
});
