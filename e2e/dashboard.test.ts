import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../src/core/dashboard.ts';
import { adminCookie, api, cookieOf, distribute, importLeads } from './support/api.ts';
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
    expect(await cell('calls')).toBe('0');
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
    await expect.poll(() => cell('calls'), { timeout: 10_000 }).toBe('1');
    expect(await cell('accepted')).toBe('1');
    expect(await row.innerText()).toContain('100%');

    // Sorting by calls puts the columns' order in the heading's aria-sort.
    const heading = table.getByRole('columnheader', { name: /Ligações/ });
    await table.getByRole('button', { name: 'Ordenar por Ligações' }).click();
    expect(await heading.getAttribute('aria-sort')).toBe('descending');

    await phone.context().close();
    await desk.context().close();
  });

  it('speaks of ligações, contatos and aceites, takes a period, and fits 1280 and 390 px', async () => {
    const assessor = {
      name: `Iara Painel ${suffix}`,
      email: `iara-painel-${suffix}@e2e.test`,
      password: `senha-da-iara-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const names = ['Joana', 'Kleber', 'Lívia'].map((name) => `${name} Período ${suffix}`);
    await importLeads(`${source}-periodo`, names);
    await distribute(id, names.length, `${source}-periodo`);
    const assessorCookie = await cookieOf(assessor.email, assessor.password);
    const mine = (await api(assessorCookie, '/api/my-leads')).leads as { id: number }[];
    // One aceite, one refusal (a contact) and one nobody answered (not a contact).
    for (const [index, outcome] of ['green', 'red', 'no_answer'].entries()) {
      await api(assessorCookie, `/api/leads/${mine[index]?.id}/attempts`, {
        method: 'POST',
        body: { outcome },
      });
    }
    const figuresOf = async (range: string) =>
      (await api(await adminCookie(), `/api/dashboard?range=${range}`)) as unknown as Dashboard;
    const integer = (value: number) => new Intl.NumberFormat('pt-BR').format(value);

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await newPage(browser, viewport);
      await signIn(page, admin().email, admin().password);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'CCA - Dashboard', level: 1 }).waitFor();
      const main = page.locator('main');
      await main.getByText('(horário de Brasília)').waitFor();
      const text = await main.innerText();
      expect(text).not.toContain('America/Sao_Paulo');
      expect(text).not.toMatch(/\bPool\b/);

      const today = await figuresOf('today');
      const figure = (label: string) => page.locator(`[data-figure="${label}"]`).innerText();
      expect(await figure('Ligações')).toBe(integer(today.totals.calls));
      expect(await figure('Contatos')).toBe(integer(today.totals.contacts));
      expect(await figure('Aceites')).toBe(integer(today.totals.accepted));
      expect(await figure('Nas listas dos assessores')).toBe(integer(today.backlog.total));
      expect(await figure('Retornos atrasados')).toBe(integer(today.overdueCallbacks));
      expect(await figure('Fora do horário hoje')).toBe(integer(today.todayTotals.outOfHours));
      expect(await figure('Leads para distribuir')).toBe(integer(today.pool.total));
      await page.getByRole('heading', { name: 'Ligações por hora hoje' }).waitFor();
      const origins = page.getByRole('region', { name: 'Conversão por origem hoje' });
      for (const origin of ['Importação', 'Token de API']) {
        await origins.getByText(origin, { exact: true }).waitFor();
      }

      // Iara's figures, every one of them inside the screen.
      const assessors = page.getByRole(viewport.width < 576 ? 'list' : 'table', {
        name: 'Assessores hoje',
      });
      const row = assessors.locator(`[data-assessor="${assessor.name}"]`);
      await row.waitFor();
      const cell = (column: string) => row.locator(`[data-column="${column}"]`);
      expect(await cell('calls').innerText()).toBe('3');
      expect(await cell('contacts').innerText()).toBe('2');
      expect(await cell('accepted').innerText()).toBe('1');
      expect(await cell('conversion').innerText()).toBe('50%');
      expect(await cell('distributed').innerText()).toBe('3');
      await expectAllColumnsOnScreen(page, row);
      expect(await horizontalOverflow(page)).toBe(0);

      // The period drives the figures and the table, and stays in the address.
      await page.getByText('7 dias', { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('periodo') === '7d');
      await page.getByRole('heading', { name: 'Assessores nos últimos 7 dias' }).waitFor();
      const week = await figuresOf('7d');
      await expect.poll(() => figure('Ligações')).toBe(integer(week.totals.calls));
      expect(await figure('Contatos')).toBe(integer(week.totals.contacts));
      expect(week.totals.calls).toBeGreaterThanOrEqual(today.totals.calls);
      await page.getByText('Ontem', { exact: true }).click();
      await page.getByRole('heading', { name: 'Assessores ontem' }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);

      // The header leads back to the dashboard: in the bar on a desktop, in the menu on a phone.
      if (viewport.width < 576) {
        await page.getByRole('button', { name: 'Abrir menu de navegação' }).click();
      }
      const navigation = page.getByRole('navigation', { name: 'Navegação principal' });
      await navigation.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
      await page.getByRole('heading', { name: 'Assessores hoje' }).waitFor();
      await page.context().close();
    }
  });
});

/** How far the page reaches past the screen's right edge, in pixels. */
function horizontalOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Every figure of the assessor's row or card is shown, whole, inside the screen. */
async function expectAllColumnsOnScreen(page: Page, row: ReturnType<Page['locator']>) {
  const cells = row.locator('[data-column]');
  const width = page.viewportSize()?.width ?? 0;
  expect(await cells.count()).toBe(8);
  for (const cell of await cells.all()) {
    const box = await cell.boundingBox();
    const column = await cell.getAttribute('data-column');
    expect(box, column ?? '').not.toBeNull();
    if (!box) continue;
    expect(box.x, column ?? '').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, column ?? '').toBeLessThanOrEqual(width);
    expect((await cell.innerText()).trim(), column ?? '').not.toBe('');
  }
}
