import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, api, cookieOf, distribute, importLeads } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
let calendarBefore: Record<string, unknown>;
beforeAll(async () => {
  browser = await launchBrowser();
  const { rules, holidays } = await api(await adminCookie(), '/api/calling-calendar');
  calendarBefore = { rules, holidays };
});
afterAll(async () => {
  await api(await adminCookie(), '/api/calling-calendar', {
    method: 'PUT',
    body: calendarBefore,
  });
  await browser.close();
});

const suffix = Date.now().toString(36);

describe('calling hours', () => {
  it("sink a lead out of its state's hours, and ask why before a call is recorded", async () => {
    // Rondônia (DDD 69), closed every day; every other state open all day (the suite's rule).
    const before = calendarBefore as { rules: { national: unknown }; holidays: unknown[] };
    await api(await adminCookie(), '/api/calling-calendar', {
      method: 'PUT',
      body: {
        rules: {
          national: before.rules.national,
          byUf: {
            RO: {
              weekdays: [null, null, null, null, null, null, null],
              onHolidays: false,
              law: null,
            },
          },
        },
        holidays: [],
      },
    });
    const assessor = {
      name: `Horário ${suffix}`,
      email: `horario-${suffix}@e2e.test`,
      password: `senha-do-horario-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const source = `e2e-horario-${suffix}`;
    const closed = `Rondônia Fechado ${suffix}`;
    const open = `São Paulo Aberto ${suffix}`;
    await importLeads(source, [closed], { ddd: '69', city: 'Porto Velho', uf: 'RO' });
    await importLeads(source, [open]);
    await distribute(id, 2, source);

    const page = await newPage(browser);
    await signIn(page, assessor.email, assessor.password);
    await page.getByRole('heading', { name: 'Fora do horário de ligação agora (1)' }).waitFor();
    const cards = page.locator('article h3');
    expect(await cards.allInnerTexts()).toEqual([open, closed]);
    const closedCard = page.getByRole('article', { name: closed });
    await closedCard.getByText('Fora do horário de ligação').waitFor();
    await page
      .getByRole('article', { name: open })
      .getByText(/^Pode ligar até/)
      .waitFor();

    await closedCard.getByRole('heading', { name: closed }).click();
    await page.keyboard.press('4');
    const dialog = page.getByRole('dialog', { name: 'Fora do horário de ligação' });
    const confirm = dialog.getByRole('button', { name: 'Registrar não atendeu' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Motivo').fill('Pediu para ligar agora, por mensagem');
    await confirm.click();
    // Recorded: the lead now waits for its retry rule's delay, below the ones out of hours.
    await page.getByRole('heading', { name: 'Aguardando a próxima ligação (1)' }).waitFor();
    await closedCard.getByText(/^Nova tentativa a partir de/).waitFor();
    await expect(
      page.getByRole('heading', { name: /^Fora do horário de ligação agora/ }).count(),
    ).resolves.toBe(0);
    const cookie = await cookieOf(assessor.email, assessor.password);
    const calls = (await api(cookie, '/api/attempts')).attempts as {
      leadName: string;
      outsideWindowReason: string | null;
    }[];
    expect(calls).toMatchObject([
      { leadName: closed, outsideWindowReason: 'Pediu para ligar agora, por mensagem' },
    ]);
    await page.goto('/leads/listcall');
    await page.getByText('Pediu para ligar agora, por mensagem').waitFor();
    await page.context().close();
  });

  it('close a city on its holiday, added on the page, and not the rest of its state', async () => {
    const before = calendarBefore as { rules: { national: object }; holidays: unknown[] };
    await api(await adminCookie(), '/api/calling-calendar', {
      method: 'PUT',
      body: {
        rules: { national: { ...before.rules.national, onHolidays: false }, byUf: {} },
        holidays: [],
      },
    });
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    );
    const holiday = `Padroeira de Campinas ${suffix}`;
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/horarios');
    await page.getByLabel('Data', { exact: true }).fill(today);
    await page.getByLabel('Nome').fill(holiday);
    await page.getByRole('combobox', { name: 'UF' }).click();
    await page.getByRole('option', { name: 'SP', exact: true }).click();
    await page.getByLabel('Cidade (opcional)').fill('Campinas');
    await page.getByRole('button', { name: 'Acrescentar feriado' }).click();
    await page
      .getByRole('table', { name: 'Feriados acrescentados' })
      .getByRole('cell', { name: 'Campinas (SP)' })
      .waitFor();
    await page.getByRole('button', { name: 'Salvar horários e feriados' }).click();
    await page.getByText('Horários de ligação salvos.').waitFor();
    await page.context().close();

    const assessor = {
      name: `Feriado ${suffix}`,
      email: `feriado-${suffix}@e2e.test`,
      password: `senha-do-feriado-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const source = `e2e-feriado-${suffix}`;
    const inCampinas = `Em Campinas ${suffix}`;
    const inSantos = `Em Santos ${suffix}`;
    await importLeads(source, [inCampinas], { ddd: '19', city: 'CAMPINAS', uf: 'SP' });
    await importLeads(source, [inSantos], { ddd: '13', city: 'Santos', uf: 'SP' });
    await distribute(id, 2, source);
    const work = await newPage(browser, { width: 390, height: 844 });
    await signIn(work, assessor.email, assessor.password);
    await work.getByRole('heading', { name: 'Fora do horário de ligação agora (1)' }).waitFor();
    await work
      .getByRole('article', { name: inCampinas })
      .getByText(`Feriado (${holiday})`, { exact: false })
      .waitFor();
    await work
      .getByRole('article', { name: inSantos })
      .getByText(/^Pode ligar até/)
      .waitFor();
    await work.context().close();
  });

  it('let an admin give a state its law-based rule from the account menu', async () => {
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Ana Administradora' }).click();
    await page.getByRole('menuitem', { name: 'Horários de ligação' }).click();
    await page.getByRole('heading', { name: 'Horários de ligação', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Regra de' }).click();
    await page.getByRole('option', { name: 'RJ', exact: true }).click();
    await page.getByText('RJ segue a regra dos estados sem regra própria.').waitFor();
    await page.getByRole('button', { name: 'Restaurar o padrão do CCA' }).click();
    await page.getByLabel('Lei ou norma que a regra segue').waitFor();
    expect(await page.getByLabel('Lei ou norma que a regra segue').inputValue()).toMatch(
      /^Lei estadual 7\.853\/2018 \(RJ\)/,
    );
    await page.getByRole('button', { name: 'Salvar horários e feriados' }).click();
    await page.getByText('Horários de ligação salvos.').waitFor();
    const saved = await api(await adminCookie(), '/api/calling-calendar');
    expect((saved.rules as { byUf: Record<string, { law: string }> }).byUf.RJ?.law).toMatch(
      /^Lei estadual 7\.853\/2018/,
    );
    await page
      .getByRole('table', { name: 'Regras em vigor' })
      .getByRole('row', { name: /RJ/ })
      .waitFor();
    await page.context().close();
  });
});
