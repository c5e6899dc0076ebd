import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
let folder: string;
beforeAll(async () => {
  browser = await launchBrowser();
  folder = await mkdtemp(path.join(os.tmpdir(), 'cca-e2e-leads-'));
});
afterAll(async () => {
  await browser.close();
  await rm(folder, { recursive: true, force: true });
});

/**
 * 18 good rows in the phone spellings lists really have, one repeated phone, one bad phone, and
 * one callable row with a wrong e-mail.
 */
const rows = [
  ['Maria Conceição', '11 98765-4321', 'maria@exemplo.com.br', 'São Paulo', 'SP'],
  ['João Araújo', '(21) 99812-3456', 'joao@exemplo.com.br', 'Rio de Janeiro', 'RJ'],
  ['Ana Lúcia Peçanha', '+55 31 99123-4567', '', 'Belo Horizonte', 'MG'],
  ['Antônio Simões', '011 98234 5678', 'antonio@exemplo.com.br', 'Guarulhos', 'SP'],
  ['Beatriz Gonçalves', '55011987001122', '', 'Osasco', 'SP'],
  ['Cláudio Brandão', '41988776655', 'claudio@exemplo.com.br', 'Curitiba', 'PR'],
  ['Débora Assunção', '(51) 3222-1100', '', 'Porto Alegre', 'RS'],
  ['Fábio Magalhães', '61 9 8111-2233', 'fabio@exemplo.com.br', 'Brasília', 'DF'],
  ['Gisele Conceição', '+55 (71) 98123-9876', '', 'Salvador', 'BA'],
  ['Hélio Tavares', '81 99988-7766', 'helio@exemplo.com.br', 'Recife', 'PE'],
  ['Íris Leitão', '(85) 98555-4433', '', 'Fortaleza', 'CE'],
  ['Júlia Câmara', '019 99777-6655', 'julia@exemplo.com.br', 'Campinas', 'SP'],
  ['Luís Falcão', '(48) 99666-5544', '', 'Florianópolis', 'SC'],
  ['Mônica Ribeiro', '27 98444-3322', 'monica@exemplo.com.br', 'Vitória', 'ES'],
  ['Nélson Guimarães', '+55 62 99333-2211', '', 'Goiânia', 'GO'],
  ['Otávio Sá', '(92) 98222-1100', 'otavio@exemplo.com.br', 'Manaus', 'AM'],
  ['Patrícia Estêvão', '11 3456-7890', '', 'São Paulo', 'SP'],
  ['Renê Damião', '(13) 99111-0099', 'rene@exemplo.com.br', 'Santos', 'SP'],
  ['Sérgio Sem Número', '12345', '', 'Niterói', 'RJ'],
  ['Tânia E-mail Errado', '(11) 97777-1212', 'tania@@exemplo', 'São Paulo', 'SP'],
  ['João Araújo de Novo', '21 99812-3456', '', 'Rio de Janeiro', 'RJ'],
];

/** A list as Excel in Brazil saves it: `;`-separated, Windows-1252, CRLF. */
async function writeExcelCsv(fileName: string) {
  const text = ['Nome;Celular;E-mail;Cidade;UF', ...rows.map((row) => row.join(';'))].join('\r\n');
  const filePath = path.join(folder, fileName);
  // Every character here exists in Latin-1, where Windows-1252 agrees byte for byte.
  await writeFile(filePath, Buffer.from(`${text}\r\n`, 'latin1'));
  return filePath;
}

const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

describe('importing a list and finding its leads', () => {
  it('admin imports an Excel CSV and finds a lead by a phone typed another way', async () => {
    const filePath = await writeExcelCsv('lista-campanha.csv');
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/leads/includeleads');
    await page.getByRole('heading', { name: 'Incluir leads' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(filePath);

    const preview = page.getByRole('table', { name: 'Prévia' });
    await preview.getByRole('cell', { name: 'Maria Conceição' }).waitFor();
    await expect(page.getByLabel('Campo da coluna Celular').inputValue()).resolves.toBe('phone');
    await expect(page.getByLabel('Campo da coluna Nome').inputValue()).resolves.toBe('name');

    // Every list says why the company may hold it (LGPD) before it goes in.
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByRole('alert').getByText('Informe a base legal (LGPD) da lista.').waitFor();
    await page.getByLabel('Base legal (LGPD)').selectOption('legitimate_interest');
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.waitForURL((url) => url.searchParams.has('batch'));
    const batchId = new URL(page.url()).searchParams.get('batch') ?? '';
    await figure(page, 'Inseridos').waitFor({ timeout: 30_000 });
    expect(await figure(page, 'Inseridos').innerText()).toContain('19');
    expect(await figure(page, 'Duplicados').innerText()).toContain('1');
    expect(await figure(page, 'Recusados').innerText()).toContain('1');
    await page.getByRole('link', { name: 'Baixar linhas recusadas (CSV)' }).waitFor();
    // The wrong e-mail is left out, the lead kept, and the report says so apart.
    await page.getByText('1 linha foi importada com aviso').waitFor();
    const warnings = page.getByRole('link', { name: 'Baixar linhas importadas com avisos (CSV)' });
    const download = await fetch(new URL((await warnings.getAttribute('href')) ?? '', page.url()), {
      headers: {
        cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
      },
    });
    expect(await download.text()).toContain('E-mail inválido: importado sem o e-mail.');

    await page.goto('/leads/list');
    await page.getByRole('heading', { name: 'Lista total de Leads' }).waitFor();
    const leadRows = page.getByRole('table', { name: 'Leads' }).locator('tbody tr[tabindex="0"]');
    // Other browser tests add leads to the same database: look at this batch only.
    await page.getByLabel('Lote').fill(batchId);
    await expect.poll(() => leadRows.count(), { timeout: 10_000 }).toBe(19);
    await page.getByLabel('Lote').fill('');

    await page
      .getByPlaceholder('Buscar por nome, telefone, e-mail ou CPF')
      .fill('+55 (11) 98765-4321');
    await expect.poll(() => leadRows.count(), { timeout: 10_000 }).toBe(1);
    await expect(leadRows.first().innerText()).resolves.toContain('Maria Conceição');
    await expect(leadRows.first().innerText()).resolves.toContain('(11) 98765-4321');

    await leadRows.first().press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Maria Conceição' });
    await drawer.getByText('maria@exemplo.com.br').waitFor();
    await page.context().close();
  });
});

describe('importing an XLSX with dates', () => {
  it('shows a date cell as dd/mm/aaaa, not as the serial number Excel stores', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Leads');
    const name = `Rita Datas ${Date.now().toString(36)}`;
    sheet.addRow(['Nome', 'Celular', 'Nascimento']);
    const row = sheet.addRow([name, `(11) 9${String(Date.now()).slice(-8)}`, 45_291]);
    row.getCell(3).numFmt = 'dd/mm/yyyy';
    const filePath = path.join(folder, 'datas.xlsx');
    await workbook.xlsx.writeFile(filePath);

    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/leads/includeleads');
    await page.locator('input[type="file"]').setInputFiles(filePath);
    const preview = page.getByRole('table', { name: 'Prévia' });
    await preview.getByRole('cell', { name: '31/12/2023' }).waitFor();
    await page.getByLabel('Base legal (LGPD)').selectOption('consent');
    await page.getByRole('button', { name: 'Importar' }).click();
    await figure(page, 'Inseridos').waitFor({ timeout: 30_000 });

    await page.goto('/leads/list');
    await page.getByPlaceholder('Buscar por nome, telefone, e-mail ou CPF').fill(name);
    const leadRows = page.getByRole('table', { name: 'Leads' }).locator('tbody tr[tabindex="0"]');
    await expect.poll(() => leadRows.count(), { timeout: 10_000 }).toBe(1);
    await leadRows.first().press('Enter');
    const extra = page.getByRole('dialog', { name }).getByRole('table', { name: 'Colunas extras' });
    await extra.getByRole('row', { name: /Nascimento\s+31\/12\/2023/ }).waitFor();
    await page.getByRole('dialog', { name }).getByText('Consentimento (LGPD art. 7º, I)').waitFor();
    await page.context().close();
  });
});
