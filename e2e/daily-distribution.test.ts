import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLeads } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);
const source = `e2e-cota-${suffix}`;

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Assessores' }).getByRole('row', { name: new RegExp(name) });

describe('the daily distribution', () => {
  it("prefills what is left of each quota, so a second visit gives nothing more, and keeps today's figures", async () => {
    const name = `Cota ${suffix}`;
    await createUser({
      name,
      email: `cota-${suffix}@e2e.test`,
      role: 'assessor',
      password: `senha-da-cota-${suffix}`,
      dailyQuota: 3,
    });
    await importLeads(
      source,
      Array.from({ length: 6 }, (_, index) => `Lead Cota ${index} ${suffix}`),
    );

    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/leads/dailyleads');
    const box = page.getByLabel(`Quantidade para ${name}`);
    await box.waitFor();
    expect(await box.inputValue()).toBe('3');

    // Only her, from this run's list.
    await page.getByRole('combobox', { name: 'Origem' }).click();
    await page.getByRole('option', { name: new RegExp(source) }).click();
    await page.getByLabel('Quantidade para todos').fill('0');
    await page.getByRole('button', { name: 'Aplicar a todos' }).click();
    await box.fill('3');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await page.getByRole('button', { name: 'Confirmar distribuição' }).click();
    await page.getByRole('table', { name: 'Resultado da distribuição' }).waitFor();

    // Received today 3, worked 0, nothing from earlier days; the box now asks for nothing.
    await expect.poll(() => box.inputValue()).toBe('0');
    const cells = await rowOf(page, name).getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 4).map((cell) => cell.replace(/\s+/g, ' '))).toEqual([
      `${name} Cota diária: 3`,
      '3',
      '0',
      '0',
    ]);
    await page.reload();
    await box.waitFor();
    expect(await box.inputValue()).toBe('0');
    await page.context().close();
  });

  it('keeps every assessor’s Quantidade within a phone’s width, with no sideways scroll', async () => {
    const name = `Cota Celular ${suffix}`;
    await createUser({
      name,
      email: `cota-celular-${suffix}@e2e.test`,
      role: 'assessor',
      password: `senha-da-cota-celular-${suffix}`,
      dailyQuota: 2,
    });
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/leads/dailyleads');
    const box = page.getByLabel(`Quantidade para ${name}`);
    await box.waitFor();
    expect(await box.inputValue()).toBe('2');
    const reach = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const inputs = [...document.querySelectorAll('input[aria-label^="Quantidade para "]')];
      return {
        overflow: document.documentElement.scrollWidth - width,
        inputs: inputs.length,
        outside: inputs.filter((input) => {
          const rect = input.getBoundingClientRect();
          return rect.left < 0 || rect.right > width;
        }).length,
      };
    });
    expect(reach.overflow).toBeLessThanOrEqual(0);
    expect(reach.inputs).toBeGreaterThan(0);
    expect(reach.outside).toBe(0);
    // The day's figures are still there, beside the name.
    const row = rowOf(page, name);
    expect(await row.innerText()).toMatch(/Recebidos hoje/);
    await box.fill('1');
    expect(await box.inputValue()).toBe('1');
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // Colours change with a short transition: read them once it is over.
      await page.waitForTimeout(400);
      found.push(
        ...(await seriousViolations(page, 'table[aria-label="Assessores"]')).map(
          (text) => `${colorScheme}: ${text}`,
        ),
      );
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});
