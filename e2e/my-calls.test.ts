import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cookieOf, distribute, importLeads } from './support/api.ts';
import { baseUrl, createUser, launchBrowser, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);
const source = `e2e-minhas-${suffix}`;
const leadNames = [`Primeira Minhas ${suffix}`, `Segunda Minhas ${suffix}`];

describe("an assessor's own calls, on a phone", () => {
  it('finds their calls from their list, without keyboard hints on a touch screen', async () => {
    const assessor = {
      name: `Minhas ${suffix}`,
      email: `minhas-${suffix}@e2e.test`,
      password: `senha-das-minhas-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    await importLeads(source, leadNames);
    await distribute(id, leadNames.length, source);

    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'pt-BR',
    });
    const page = await context.newPage();
    await signIn(page, assessor.email, assessor.password);
    await page.waitForURL((url) => url.pathname === '/colaborador');
    await page.getByRole('heading', { name: 'Ainda sem ligação (2)' }).waitFor();
    expect(await page.getByText('Atalhos:').isVisible()).toBe(false);

    const card = page.locator('article').first();
    const called = await card.locator('h3').innerText();
    await card.getByRole('button', { name: 'Não atendeu' }).tap();
    await page.getByRole('heading', { name: 'Aguardando a próxima ligação (1)' }).waitFor();
    // The other lead's number is someone else's: the longest outcome's badge on the list.
    const cookie = await cookieOf(assessor.email, assessor.password);
    const mine = (await api(cookie, '/api/my-leads')).leads as { id: number; name: string }[];
    const other = mine.find((lead) => lead.name !== called);
    await api(cookie, `/api/leads/${other?.id}/attempts`, {
      method: 'POST',
      body: { outcome: 'wrong_person' },
    });

    await page.getByRole('link', { name: 'Minhas ligações' }).tap();
    await page.waitForURL((url) => url.pathname === '/leads/listcall');
    await page.getByRole('heading', { name: 'Minhas ligações', level: 1 }).waitFor();
    await page.getByText(called).first().waitFor();
    await page
      .getByText(other?.name ?? '')
      .first()
      .waitFor();
    // The call's lead, phone and outcome within the screen: nothing to scroll sideways for.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const table = page.getByRole('table', { name: 'Ligações' });
    expect(await table.evaluate((element) => element.scrollWidth <= window.innerWidth)).toBe(true);
    const rows = (await table.innerText()).toLowerCase();
    expect(rows).toContain('não atendeu');
    expect(rows).toContain('não conhece');

    // Someone answered the other number (not its owner): the one contato; the first, none.
    const contact = page.getByRole('combobox', { name: 'Contato' });
    await contact.tap();
    await page.getByRole('option', { name: 'Contatos (alguém atendeu)' }).tap();
    await expect.poll(() => table.getByText(called).count()).toBe(0);
    await table
      .getByText(other?.name ?? '')
      .first()
      .waitFor();
    await contact.tap();
    await page.getByRole('option', { name: 'Sem contato' }).tap();
    await table.getByText(called).first().waitFor();
    await context.close();
  });

  it('shows the keyboard hints on a desktop', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pt-BR' });
    const page = await context.newPage();
    const assessor = {
      name: `Minhas Mesa ${suffix}`,
      email: `minhas-mesa-${suffix}@e2e.test`,
      password: `senha-da-mesa-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    await importLeads(`${source}-mesa`, [`Mesa ${suffix}`]);
    await distribute(id, 1, `${source}-mesa`);
    await signIn(page, assessor.email, assessor.password);
    await page.getByText('Atalhos:').waitFor();
    await context.close();
  });
});
