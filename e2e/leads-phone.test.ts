import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cookieOf, distribute, importLeads } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

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

/** How far a table reaches past the right edge of the screen, in pixels (0: it fits). */
const overflowOf = (page: Page, name: string) =>
  page
    .getByRole('table', { name })
    .evaluate((table) => Math.max(0, table.getBoundingClientRect().right - window.innerWidth));

describe('the other admin tables on a phone', () => {
  it('show what matters first, without sideways scrolling: follow-up, users, audit', async () => {
    const assessor = {
      name: `Assessora Celular ${suffix}`,
      email: `celular-${suffix}@e2e.test`,
      password: `senha-do-celular-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const leadName = `Aceitou Celular ${suffix}`;
    await importLeads(`e2e-celular-aceitou-${suffix}`, [leadName]);
    await distribute(id, 1, `e2e-celular-aceitou-${suffix}`);
    const cookie = await cookieOf(assessor.email, assessor.password);
    const [lead] = (await api(cookie, '/api/my-leads')).leads as { id: number }[];
    await api(cookie, `/api/leads/${lead?.id}/attempts`, {
      method: 'POST',
      body: { outcome: 'green', note: 'Quer o plano familiar' },
    });

    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/acompanhar');
    const accepted = page
      .getByRole('table', { name: 'Leads que aceitaram' })
      .getByRole('row', { name: new RegExp(leadName) });
    await accepted.waitFor();
    const acceptedText = await accepted.innerText();
    expect(acceptedText).toMatch(/\(11\) 9\d{4}-\d{4}/);
    expect(acceptedText).toContain(assessor.name);
    expect(acceptedText).toContain('Quer o plano familiar');
    await accepted.getByRole('checkbox', { name: `Cadastro confirmado: ${leadName}` }).waitFor();
    expect(await overflowOf(page, 'Leads que aceitaram')).toBe(0);

    await page.goto('/createuser');
    const user = page.getByRole('table', { name: 'Usuários' }).getByRole('row', {
      name: new RegExp(assessor.name),
    });
    await user.waitFor();
    expect(await user.innerText()).toContain(assessor.email);
    await user.getByRole('button', { name: /Ações/ }).waitFor();
    expect(await overflowOf(page, 'Usuários')).toBe(0);

    await page.goto('/auditoria');
    const audit = page.getByRole('table', { name: 'Registro de auditoria' });
    await audit.getByRole('row').nth(1).waitFor();
    expect(await audit.getByRole('row').nth(1).innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await overflowOf(page, 'Registro de auditoria')).toBe(0);
    await page.context().close();
  });
});
