import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distribute, importLeads } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** One server and one database serve every e2e file: names, e-mails and phones are this run's own. */
const suffix = Date.now().toString(36);
const source = `e2e-painel-${suffix}`;
const leadNames = [`Fábio Painel ${suffix}`, `Gisele Painel ${suffix}`];
/** This run's leads, imported and handed to one assessor through the API. */
async function importAndDistribute(assessorId: string) {
  await importLeads(source, leadNames);
  await distribute(assessorId, leadNames.length, source);
}

describe('the dashboard', () => {
  it('updates by itself when an assessor records an outcome, and sends assessors away', async () => {
    const assessor = {
      name: `Hugo Painel ${suffix}`,
      email: `hugo-painel-${suffix}@e2e.test`,
      password: `senha-do-hugo-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    await importAndDistribute(id);

    const desk = await newPage(browser);
    await signIn(desk, admin().email, admin().password);
    await desk.waitForURL((url) => url.pathname === '/');
    await desk.getByRole('heading', { name: 'CCA - Dashboard', level: 1 }).waitFor();
    expect(await desk.title()).toBe('CCA - Dashboard');
    await desk.getByRole('heading', { name: 'Ligações dos últimos 30 dias' }).waitFor();
    const table = desk.getByRole('table', { name: 'Assessores hoje' });
    const row = table.locator(`tr[data-assessor="${assessor.name}"]`);
    await row.waitFor();
    const cell = (column: string) => row.locator(`[data-column="${column}"]`).innerText();
    expect(await cell('distributed')).toBe('2');
    expect(await cell('attended')).toBe('0');
    expect(await cell('accepted')).toBe('0');

    // The assessor is sent from / to their own page, and accepts their first lead.
    const phone = await newPage(browser, { width: 360, height: 740 });
    await signIn(phone, assessor.email, assessor.password);
    await phone.waitForURL((url) => url.pathname === '/colaborador');
    await phone.goto('/');
    await phone.waitForURL((url) => url.pathname === '/colaborador');
    for (const name of leadNames) await phone.getByRole('heading', { name, level: 3 }).waitFor();
    const current = await phone.locator('article[aria-current="true"] h3').first().innerText();
    await phone.keyboard.press('1');
    await phone.getByRole('heading', { name: current, level: 3 }).waitFor({ state: 'detached' });

    // The admin's open dashboard shows it without a reload.
    await expect.poll(() => cell('attended'), { timeout: 10_000 }).toBe('1');
    expect(await cell('accepted')).toBe('1');
    expect(await row.innerText()).toContain('100%');

    // Sorting by calls puts the columns' order in the heading's aria-sort.
    const heading = table.getByRole('columnheader', { name: /Atendidos/ });
    await table.getByRole('button', { name: 'Ordenar por Atendidos' }).click();
    expect(await heading.getAttribute('aria-sort')).toBe('descending');

    await phone.context().close();
    await desk.context().close();
  });
});
