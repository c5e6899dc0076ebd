import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, api, distribute, importLeads } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
let folder: string;
beforeAll(async () => {
  browser = await launchBrowser();
  folder = await mkdtemp(path.join(os.tmpdir(), 'cca-e2e-block-lists-'));
});
afterAll(async () => {
  await browser.close();
  await rm(folder, { recursive: true, force: true });
});

const suffix = Date.now().toString(36);
// A number of the register that is no lead's: the other browser tests share the base.
const unusedLandline = `3${String(Date.now()).slice(-7)}`;

describe('external block lists', () => {
  it("the admin loads a register and a listed lead leaves the assessor's list at once", async () => {
    const assessor = {
      name: `Bloqueio ${suffix}`,
      email: `bloqueio-${suffix}@e2e.test`,
      password: `senha-do-bloqueio-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const source = `e2e-bloqueio-${suffix}`;
    const listed = `Cadastrado no Procon ${suffix}`;
    const free = `Livre para Ligar ${suffix}`;
    await importLeads(source, [listed, free]);
    await distribute(id, 2, source);
    const found = (await api(await adminCookie(), `/api/leads?q=${encodeURIComponent(listed)}`))
      .leads as { phone: string }[];
    const phone = found[0]?.phone.replace('+55', '') ?? '';
    expect(phone).toMatch(/^\d{11}$/);

    const work = await newPage(browser);
    await signIn(work, assessor.email, assessor.password);
    await work.getByRole('heading', { name: 'Ainda sem ligação (2)' }).waitFor();

    // A register as it comes: a header, the area code and the number in columns of their own.
    const filePath = path.join(folder, 'procon.csv');
    await writeFile(
      filePath,
      `DDD;TELEFONE;DATA\r\n${phone.slice(0, 2)};${phone.slice(2)};01/11/2026\r\n11;${unusedLandline};01/11/2026\r\n`,
    );
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/leads/listas-bloqueio');
    await page.getByRole('heading', { name: 'Listas de bloqueio externas' }).waitFor();
    await page.getByRole('combobox', { name: 'Nome da lista' }).fill(`Procon-SP ${suffix}`);
    await page.getByLabel('Data da lista').fill('01/11/2026');
    await page.locator('input[type="file"]').setInputFiles(filePath);
    await page.getByRole('button', { name: 'Carregar lista' }).click();
    const result = page.getByRole('status').filter({ hasText: `Procon-SP ${suffix}` });
    await result.getByText(/2 números na lista: 2 novos\. 1 lead saiu de circulação/).waitFor();
    const row = page.getByRole('table', { name: 'Listas de bloqueio externas' }).getByRole('row', {
      name: new RegExp(`Procon-SP ${suffix}`),
    });
    await row.getByRole('cell', { name: '01/11/2026' }).waitFor();

    // The assessor's page hears of the change and drops the listed lead.
    await work.getByRole('heading', { name: 'Ainda sem ligação (1)' }).waitFor();
    expect(await work.locator('article h3').allInnerTexts()).toEqual([free]);

    // The same name again is a replacement, and the page says so before it is sent.
    await page.getByRole('combobox', { name: 'Nome da lista' }).fill(`procon-sp ${suffix}`);
    await page.getByRole('button', { name: 'Substituir lista' }).waitFor();
    const hasSideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(hasSideways).toBe(false);
    await page.context().close();
    await work.context().close();
  });
});
