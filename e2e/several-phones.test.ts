import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distribute, phoneDigits } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
let folder: string;
beforeAll(async () => {
  browser = await launchBrowser();
  folder = await mkdtemp(path.join(os.tmpdir(), 'cca-e2e-phones-'));
});
afterAll(async () => {
  await browser.close();
  await rm(folder, { recursive: true, force: true });
});

const suffix = Date.now().toString(36);

/** A CPF of this run: nine random digits and their two check digits. */
function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits.reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

/** `(11) 9xxxx-xxxx` as a page shows a number. */
const shown = (digits: string) => `(11) ${digits.slice(0, 5)}-${digits.slice(5)}`;

describe('a lead with three numbers', () => {
  it('is imported with every number, worked on the one dialled, and merged with its twin', async () => {
    const assessor = {
      name: `Numeros ${suffix}`,
      email: `numeros-${suffix}@e2e.test`,
      password: `senha-dos-numeros-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const source = `e2e-numeros-${suffix}`;
    const name = `Três Números ${suffix}`;
    const twin = `Mesmo CPF ${suffix}`;
    const [home, mobile, whatsapp, twinPhone] = [
      phoneDigits(),
      phoneDigits(),
      phoneDigits(),
      phoneDigits(),
    ];
    const cpf = randomCpf();
    const filePath = path.join(folder, 'numeros.csv');
    await writeFile(
      filePath,
      [
        'Nome;Telefone;Celular;WhatsApp;CPF',
        `${name};11 ${home};(11) ${mobile};11${whatsapp};${cpf}`,
        `${twin};11 ${twinPhone};;;${cpf}`,
      ].join('\r\n'),
    );

    // The admin imports it: every phone column is guessed, the WhatsApp one as such.
    const desk = await newPage(browser);
    await signIn(desk, admin().email, admin().password);
    await desk.waitForURL((url) => url.pathname === '/');
    await desk.goto('/leads/includeleads');
    await desk.locator('input[type="file"]').setInputFiles(filePath);
    await desk.getByRole('table', { name: 'Prévia' }).getByRole('cell', { name }).waitFor();
    for (const [column, field] of [
      ['Telefone', 'phone'],
      ['Celular', 'phone'],
      ['WhatsApp', 'whatsapp'],
    ]) {
      expect(await desk.getByLabel(`Campo da coluna ${column}`).inputValue(), column).toBe(field);
    }
    await desk.getByLabel('Origem').fill(source);
    await desk.getByLabel('Base legal (LGPD)').selectOption('consent');
    await desk.getByRole('button', { name: 'Importar' }).click();
    const inserted = desk.getByRole('group', { name: 'Inseridos', exact: true });
    await inserted.waitFor({ timeout: 30_000 });
    expect(await inserted.innerText()).toContain('2');
    await distribute(id, 2, source);

    // The assessor, on a phone, sees the three numbers and records against the one dialled.
    const work = await newPage(browser, { width: 390, height: 844 });
    await signIn(work, assessor.email, assessor.password);
    const card = work.locator('article').filter({ has: work.getByRole('heading', { name }) });
    const numbers = card.getByRole('radiogroup', { name: 'Número discado' });
    await numbers.waitFor();
    expect(await numbers.getByRole('radio').count()).toBe(3);
    // A click in the card makes it the lead being worked; its first number is the one dialled.
    await card.getByRole('heading', { name }).click();
    expect(await numbers.getByRole('radio', { name: `Telefone: ${shown(home)}` }).isChecked()).toBe(
      true,
    );
    await card.getByRole('button', { name: /Número inválido/ }).click();
    const confirm = work.getByRole('dialog', { name: 'Número inválido: marcar este número?' });
    await confirm.getByText('o lead continua na sua lista com os outros 2 números').waitFor();
    await confirm.getByRole('button', { name: /^Sim/ }).click();
    await card.getByText('Inválido', { exact: true }).waitFor();
    expect(
      await numbers.getByRole('radio', { name: `Telefone: ${shown(home)}` }).isDisabled(),
    ).toBe(true);
    // The first number still callable is the one dialled next.
    expect(
      await numbers.getByRole('radio', { name: `Celular: ${shown(mobile)}` }).isChecked(),
    ).toBe(true);
    const sideways = await work.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);

    // The admin opens the twin of the same CPF and merges the lead into it, after a preview.
    await desk.goto('/leads/list');
    await desk.getByLabel('Buscar').fill(twin);
    await desk
      .getByRole('table', { name: 'Leads' })
      .getByRole('row', { name: `Abrir ${twin}` })
      .click();
    const drawer = desk.getByRole('dialog', { name: twin });
    await drawer.getByText('A mesma pessoa em outros leads (mesmo CPF ou telefone)').waitFor();
    await drawer.getByRole('button', { name: /^Mesclar #\d+ neste lead$/ }).click();
    const preview = desk.getByRole('dialog', { name: /^Mesclar o lead #\d+ neste lead$/ });
    const merged = preview.getByRole('table', { name: 'Lead depois de mesclar' });
    await merged.getByText(`Celular: ${shown(mobile)} · Válido`).waitFor();
    await merged.getByText(`Telefone: ${shown(home)} · Inválido`).waitFor();
    await preview.getByRole('button', { name: 'Mesclar', exact: true }).click();
    await drawer.getByText(`WhatsApp: ${shown(whatsapp)} · WhatsApp`).waitFor();
    // The number found dead by mistake is set right, and one the person gave since is added.
    const deadState = drawer.getByLabel(`Estado do número ${shown(home)}`);
    expect(await deadState.inputValue()).toBe('invalid');
    await deadState.selectOption('valid');
    await expect.poll(() => deadState.inputValue()).toBe('valid');
    const extra = phoneDigits();
    await drawer.getByLabel('Outro número').fill(`11 ${extra}`);
    await drawer.getByLabel('Que número é').fill('Trabalho');
    await drawer.getByRole('button', { name: 'Acrescentar' }).click();
    await drawer.getByText(`Trabalho: ${shown(extra)}`).waitFor();
    await expect(
      drawer.getByText('A mesma pessoa em outros leads (mesmo CPF ou telefone)').count(),
    ).resolves.toBe(0);
    await desk.context().close();
    await work.context().close();
  });
});
