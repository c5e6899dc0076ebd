import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cookieOf, distribute, importLeads, phoneDigits } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';
import { withServerDatabase } from './support/database.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);
const wide = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

async function adminPage(viewport: { width: number; height: number }, path: string) {
  const page = await newPage(browser, viewport);
  await signIn(page, admin().email, admin().password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(path);
  return page;
}

/** The words (runs of letters and digits) of `root` that the layout split over two lines. */
const splitWords = (root: Locator) =>
  root.evaluate((element) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[\p{L}\p{N}]+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  });

describe('the lead list: filters by origin, UF and DDD', () => {
  it('finds the leads of an import, a state and an area code', async () => {
    const rio = `Carioca Filtro ${suffix}`;
    const paulista = `Paulista Filtro ${suffix}`;
    await importLeads(`e2e-uf-rj-${suffix}`, [rio], {
      ddd: '21',
      city: 'Rio de Janeiro',
      uf: 'RJ',
    });
    await importLeads(`e2e-uf-sp-${suffix}`, [paulista]);
    for (const viewport of [wide, phone]) {
      const page = await adminPage(viewport, '/leads/list');
      await page.getByRole('searchbox', { name: 'Buscar leads' }).fill(`Filtro ${suffix}`);
      const table = page.getByRole('table', { name: 'Leads' });
      await table.getByRole('row', { name: `Abrir ${paulista}` }).waitFor();
      await page.getByRole('combobox', { name: 'Origem' }).click();
      await page.getByRole('option', { name: 'Importação' }).click();
      await page.getByRole('combobox', { name: 'UF' }).fill('RJ');
      await page.getByRole('option', { name: 'RJ', exact: true }).click();
      await table.getByRole('row', { name: `Abrir ${paulista}` }).waitFor({ state: 'detached' });
      await table.getByRole('row', { name: `Abrir ${rio}` }).waitFor();
      const ddd = page.getByLabel('DDD', { exact: true });
      await ddd.fill('1');
      await ddd.press('Tab');
      await page.getByText('DDD inválido: use os dois dígitos do código de área.').waitFor();
      await ddd.fill('11');
      await page.getByText('Nenhum lead encontrado.').waitFor();
      await ddd.fill('21');
      await table.getByRole('row', { name: `Abrir ${rio}` }).waitFor();
      await page.getByRole('button', { name: 'Exportar' }).click();
      const exportHref = await page
        .getByRole('menuitem', { name: 'CSV (Excel)' })
        .getAttribute('href');
      expect(exportHref).toContain('origin=import');
      expect(exportHref).toContain('uf=RJ');
      expect(exportHref).toContain('ddd=21');
      await page.context().close();
    }
  });
});

describe('the lead list: the last call', () => {
  it('shows when and how the last call went, on a desktop and on a phone', async () => {
    const source = `e2e-ultima-${suffix}`;
    const name = `Ultima Ligacao ${suffix}`;
    const assessor = {
      name: `Assessora Ultima ${suffix}`,
      email: `ultima-${suffix}@e2e.test`,
      password: `senha-da-ultima-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    await importLeads(source, [name]);
    await distribute(id, 1, source);
    const cookie = await cookieOf(assessor.email, assessor.password);
    const [lead] = (await api(cookie, '/api/my-leads')).leads as { id: number }[];
    await api(cookie, `/api/leads/${lead?.id}/attempts`, {
      method: 'POST',
      body: { outcome: 'red', note: 'Não quer agora' },
    });
    for (const viewport of [wide, phone]) {
      const page = await adminPage(viewport, '/leads/list');
      await page.getByRole('searchbox', { name: 'Buscar leads' }).fill(name);
      const table = page.getByRole('table', { name: 'Leads' });
      const row = table.getByRole('row', { name: `Abrir ${name}` });
      await row.waitFor();
      await table.getByRole('columnheader', { name: /última ligação/i }).waitFor();
      const text = await row.innerText();
      expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(text.toLowerCase()).toContain('não aceitou');
      const scrolls = await table.evaluate((element) => {
        const box = element.parentElement as HTMLElement;
        return box.scrollWidth - box.clientWidth;
      });
      expect(scrolls).toBeLessThanOrEqual(0);
      await page.context().close();
    }
  });
});

describe('tables break lines between words', () => {
  it('never inside a word, at 1280 and 390 px', async () => {
    // A long file name beside a short source: the file's column took the width, and the
    // source was cut as "Demonstraç/ão".
    const fileName = `planilha-de-leads-da-campanha-de-demonstracao-interestadual-de-primavera-verao-outono-e-inverno-exportada-do-crm-antigo-${suffix}.csv`;
    const source = `Demonstração ${suffix}`;
    await withServerDatabase(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `insert into import_batches (file_name, file_size, format, source, mapping, status, created_by)
         select $1, 100, 'csv', $2, '{}', 'done', id from users where role = 'admin' limit 1
         returning id`,
        [fileName, source],
      );
      await client.query(
        `insert into leads (name, phone, batch_id, source) values ($1, $2, $3, $4)`,
        [`Quebra Palavra ${suffix}`, `+5511${phoneDigits()}`, rows[0]?.id, source],
      );
    });
    for (const viewport of [wide, phone]) {
      const page = await adminPage(viewport, '/leads/virgnleads');
      for (const name of ['Leads novos por lote', 'Leads novos por origem']) {
        const table = page.getByRole('table', { name });
        await table.getByText(source).first().waitFor();
        expect(await splitWords(table), `${name} at ${viewport.width} px`).toEqual([]);
      }
      await page.context().close();
    }
  });
});

/** The height of the row holding the count, the selection and the exports. */
const toolbarHeight = (page: Page) =>
  page.getByLabel('Selecionar todos do filtro').evaluate((checkbox) => {
    const exports = [...document.querySelectorAll('button')].find(
      (button) => button.textContent === 'Exportar',
    );
    let toolbar: HTMLElement | null = checkbox as HTMLElement;
    while (toolbar && exports && !toolbar.contains(exports)) toolbar = toolbar.parentElement;
    return toolbar?.getBoundingClientRect().height ?? 0;
  });

describe('selecting a row', () => {
  it('keeps the toolbar on one line at 1280 px', async () => {
    const name = `Selecao Linha ${suffix}`;
    await importLeads(`e2e-selecao-${suffix}`, [name]);
    const page = await adminPage(wide, '/leads/list');
    const row = page
      .getByRole('table', { name: 'Leads' })
      .getByRole('row', { name: `Abrir ${name}` });
    await row.waitFor();
    const before = await toolbarHeight(page);
    expect(before).toBeLessThan(50);
    await page.getByRole('checkbox', { name: `Selecionar ${name}` }).check();
    await page.getByRole('button', { name: 'Ações em massa (1)' }).waitFor();
    expect(await toolbarHeight(page)).toBe(before);
    await page.getByLabel('Selecionar todos do filtro').check();
    await page.getByRole('checkbox', { name: `Selecionar ${name}` }).waitFor();
    expect(await page.getByRole('button', { name: /Ações em massa \(\d/ }).isEnabled()).toBe(true);
    expect(await toolbarHeight(page)).toBe(before);
    await page.context().close();
  });
});
