import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cookieOf, distribute, importLeads } from './support/api.ts';
import { createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);
const source = `e2e-teclas-${suffix}`;
const leadNames = ['Um', 'Dois', 'Tres', 'Quatro'].map((name) => `${name} Teclas ${suffix}`);
const currentLeadName = (page: Page) =>
  page.locator('article[aria-current="true"] h3').first().innerText();

describe('outcome keys', () => {
  it('ignore a held key, and ask before blocking a phone', async () => {
    const assessor = {
      name: `Teclas ${suffix}`,
      email: `teclas-${suffix}@e2e.test`,
      password: `senha-das-teclas-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    await importLeads(source, leadNames);
    await distribute(id, leadNames.length, source);
    const cookie = await cookieOf(assessor.email, assessor.password);
    const calls = async () =>
      ((await api(cookie, '/api/attempts')).attempts as { outcome: string }[]).map(
        (call) => call.outcome,
      );

    const page = await newPage(browser);
    await signIn(page, assessor.email, assessor.password);
    await page.waitForURL((url) => url.pathname === '/colaborador');
    await page.getByRole('heading', { name: 'Ainda sem ligação (4)' }).waitFor();

    // 4 held down: the keyboard repeats it, the page records it once.
    const first = await currentLeadName(page);
    await page.keyboard.down('4');
    await page.keyboard.down('4');
    await page.keyboard.down('4');
    await page.keyboard.up('4');
    await page.getByRole('heading', { name: 'Aguardando a próxima ligação (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Ainda sem ligação (3)' }).waitFor();
    expect(await calls()).toEqual(['no_answer']);

    // 7 asks first; cancelling leaves the lead where it was.
    const second = await currentLeadName(page);
    expect(second).not.toBe(first);
    await page.keyboard.press('7');
    const dialog = page.getByRole('dialog', { name: 'Número inválido: bloquear o telefone?' });
    await dialog.getByText(`${second} sai da sua lista`).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await calls()).toEqual(['no_answer']);
    expect(await currentLeadName(page)).toBe(second);

    // 9, confirmed: the lead leaves the list, blocked.
    await page.keyboard.press('9');
    await page
      .getByRole('dialog', { name: 'Não ligar: bloquear o telefone?' })
      .getByRole('button', { name: 'Sim, não ligar' })
      .click();
    await page.getByRole('heading', { name: second, level: 3 }).waitFor({ state: 'detached' });
    expect(await calls()).toEqual(['do_not_call', 'no_answer']);
    await page.context().close();
  });

  it('undo any outcome for a few seconds, with the button or Z', async () => {
    const assessor = {
      name: `Desfazer ${suffix}`,
      email: `desfazer-${suffix}@e2e.test`,
      password: `senha-do-desfazer-${suffix}`,
    };
    const names = ['Cinco', 'Seis'].map((name) => `${name} Desfazer ${suffix}`);
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    await importLeads(`${source}-desfazer`, names);
    await distribute(id, names.length, `${source}-desfazer`);
    const cookie = await cookieOf(assessor.email, assessor.password);
    const calls = async () => ((await api(cookie, '/api/attempts')).attempts as unknown[]).length;

    const page = await newPage(browser);
    // The page's clock is Playwright's, so the undo window can pass at once below.
    await page.clock.install();
    await signIn(page, assessor.email, assessor.password);
    await page.getByRole('heading', { name: 'Ainda sem ligação (2)' }).waitFor();

    // "Não ligar", confirmed, then undone from the notification: the phone is free again.
    const blocked = await currentLeadName(page);
    await page.keyboard.press('9');
    await page
      .getByRole('dialog', { name: 'Não ligar: bloquear o telefone?' })
      .getByRole('button', { name: 'Sim, não ligar' })
      .click();
    await page.getByRole('heading', { name: 'Ainda sem ligação (1)' }).waitFor();
    const notice = page.locator('.mantine-Notification-root', {
      hasText: `${blocked}: Não ligar registrado.`,
    });
    await notice.getByRole('button', { name: 'Desfazer' }).click();
    await page.getByRole('heading', { name: 'Ainda sem ligação (2)' }).waitFor();
    await page.getByText(`Ligação de ${blocked} desfeita`).first().waitFor();
    expect(await calls()).toBe(0);
    expect(await currentLeadName(page)).toBe(blocked);

    // "Não aceitou" by key, undone by Z.
    await page.keyboard.press('3');
    await page.getByRole('heading', { name: 'Ainda sem ligação (1)' }).waitFor();
    expect(await calls()).toBe(1);
    await page.keyboard.press('z');
    await page.getByRole('heading', { name: 'Ainda sem ligação (2)' }).waitFor();
    expect(await calls()).toBe(0);

    // Past the window (for the page: the server's has not passed, so an undo sent would still
    // be taken and counted below) the offer is gone and Z does nothing.
    await page.keyboard.press('4');
    await page.getByRole('heading', { name: 'Aguardando a próxima ligação (1)' }).waitFor();
    await page.clock.fastForward('00:11');
    await page
      .locator('.mantine-Notification-root', { hasText: 'Não atendeu registrado.' })
      .waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Desfazer', exact: true }).count()).toBe(0);
    await page.keyboard.press('z');
    await page.waitForTimeout(500);
    expect(await calls()).toBe(1);
    await page.getByRole('heading', { name: 'Aguardando a próxima ligação (1)' }).waitFor();
    await page.context().close();
  });
});
