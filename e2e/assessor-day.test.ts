import type { Browser, Page } from 'playwright-core';
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
const source = `e2e-dia-${suffix}`;
const leadNames = [`Carla Dia ${suffix}`, `Diego Dia ${suffix}`, `Elisa Dia ${suffix}`];
const currentLeadName = (page: Page) =>
  page.locator('article[aria-current="true"] h3').first().innerText();

describe("an assessor's day", () => {
  it('admin distributes, the open page updates, the assessor works with the keyboard, the admin follows up', async () => {
    const assessor = {
      name: `Paula Assessora ${suffix}`,
      email: `paula-${suffix}@e2e.test`,
      password: `senha-da-paula-${suffix}`,
    };
    await createUser({ ...assessor, role: 'assessor' });
    await importLeads(source, leadNames);

    // The assessor, on a phone, opens the day's page before there is anything in it.
    const phone = await newPage(browser, { width: 360, height: 740 });
    await signIn(phone, assessor.email, assessor.password);
    await phone.waitForURL((url) => url.pathname === '/colaborador');
    await phone.getByRole('heading', { name: 'Leads diários' }).waitFor();
    await phone.getByText('Nenhum lead para hoje. Aguarde a distribuição.').waitFor();

    // The admin hands this run's three leads to her alone.
    const desk = await newPage(browser);
    await signIn(desk, admin().email, admin().password);
    await desk.waitForURL((url) => url.pathname === '/');
    await desk.goto('/leads/dailyleads');
    await desk.getByRole('heading', { name: 'Adicionar Leads diarios aos operadores' }).waitFor();
    await desk.getByRole('combobox', { name: 'Origem' }).click();
    await desk.getByRole('option', { name: new RegExp(source) }).click();
    await desk.getByLabel('Quantidade para todos').fill('0');
    await desk.getByRole('button', { name: 'Aplicar a todos' }).click();
    await desk.getByLabel(`Quantidade para ${assessor.name}`).fill('3');
    await desk.getByRole('button', { name: 'Pré-visualizar' }).click();
    const preview = desk.getByRole('table', { name: 'Pré-visualização da distribuição' });
    await preview.getByRole('row', { name: new RegExp(`${assessor.name}\\s+3\\s+3`) }).waitFor();
    await desk.getByRole('button', { name: 'Confirmar distribuição' }).click();
    await desk
      .getByRole('table', { name: 'Resultado da distribuição' })
      .getByRole('row', { name: new RegExp(assessor.name) })
      .waitFor();

    // Her open page shows them without a reload.
    for (const name of leadNames) {
      await phone.getByRole('heading', { name, level: 3 }).waitFor({ timeout: 10_000 });
    }
    await phone.getByRole('heading', { name: 'Ainda sem ligação (3)' }).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    const firstCard = phone.locator('article').first();
    expect(await firstCard.getByRole('link').first().getAttribute('href')).toMatch(
      /^tel:\+5511\d{9}$/,
    );
    expect(await firstCard.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/5511\d{9}$/,
    );

    // Keyboard only: 1 = Aceitou on the first lead, 4 = Não atendeu, 2 = Retornar with a date
    // (a preset, then Enter on "Confirmar retorno").
    const accepted = await currentLeadName(phone);
    expect(accepted).toBe(await phone.locator('article h3').first().innerText());
    await phone.keyboard.press('1');
    await phone.getByRole('heading', { name: accepted, level: 3 }).waitFor({ state: 'detached' });

    const unanswered = await currentLeadName(phone);
    expect(unanswered).not.toBe(accepted);
    await phone.keyboard.press('4');
    await phone.getByRole('heading', { name: /^Aguardando a próxima ligação/ }).waitFor();

    await expect.poll(() => currentLeadName(phone)).not.toBe(unanswered);
    const callBack = await currentLeadName(phone);
    await phone.keyboard.press('2');
    await phone.getByRole('button', { name: 'Amanhã 9h' }).click();
    await phone.keyboard.press('Enter');
    await phone.getByRole('heading', { name: 'Aguardando a próxima ligação (2)' }).waitFor();
    // Three calls, two contacts ("Não atendeu" is a call nobody answered), one accept; the whole
    // batch called.
    await phone.getByText('Hoje: 3 ligações · 2 contatos · 1 aceite').waitFor();
    await phone.getByText('Leads recebidos hoje: 3 de 3 já ligados').waitFor();

    // The admin sees the accepted lead and the three calls.
    await desk.goto('/acompanhar');
    await desk.getByRole('heading', { name: 'Leads com status green' }).waitFor();
    const acceptedRow = desk
      .getByRole('table', { name: 'Leads que aceitaram' })
      .getByRole('row', { name: new RegExp(accepted) });
    await acceptedRow.waitFor();
    expect(await acceptedRow.innerText()).toContain(assessor.name);
    const confirmed = acceptedRow.getByRole('checkbox', { name: /Cadastro confirmado/ });
    // The box ticks once the server has saved the mark, not at the click itself.
    await confirmed.click();
    await expect.poll(() => confirmed.isChecked()).toBe(true);
    await desk.reload();
    await expect.poll(() => confirmed.isChecked()).toBe(true);

    await desk.goto('/leads/listcall');
    await desk.getByRole('heading', { name: 'Ligações', level: 1 }).waitFor();
    const calls = desk.getByRole('table', { name: 'Ligações' });
    const callRow = (name: string) => calls.getByRole('row', { name: new RegExp(name) });
    // textContent, not innerText: the badges are upper-cased by CSS only.
    const callText = async (name: string) => (await callRow(name).textContent()) ?? '';
    await callRow(accepted).waitFor();
    expect(await callText(accepted)).toContain('Aceitou');
    expect(await callText(unanswered)).toContain('Não atendeu');
    expect(await callText(callBack)).toContain('Retornar');
    const tomorrow = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(Date.now() + 24 * 3600_000),
    );
    expect(await callText(callBack)).toContain(tomorrow);

    await phone.context().close();
    await desk.context().close();
  });

  it('shows a long list 50 leads at a time', async () => {
    const assessor = {
      name: `Rita Assessora ${suffix}`,
      email: `rita-${suffix}@e2e.test`,
      password: `senha-da-rita-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const longSource = `e2e-lista-longa-${suffix}`;
    const names = Array.from({ length: 55 }, (_, index) => `Lista ${index + 1} ${suffix}`);
    await importLeads(longSource, names);
    await distribute(id, 55, longSource);

    const page = await newPage(browser);
    await signIn(page, assessor.email, assessor.password);
    await page.getByRole('heading', { name: 'Ainda sem ligação (55)' }).waitFor();
    expect(await page.locator('article').count()).toBe(50);
    await page.getByRole('button', { name: 'Mostrar mais leads (5 restantes)' }).click();
    await expect.poll(() => page.locator('article').count()).toBe(55);
    await expect(page.getByRole('button', { name: /Mostrar mais leads/ }).count()).resolves.toBe(0);
    await page.context().close();
  });
});
