import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, api, importLeads } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { admin, launchBrowser, newPage, signIn } from './support/browser.ts';

// An office PC in English: the browser's own date and time inputs would read mm/dd/yyyy and
// "08:00 AM" there.
let browser: Browser;
let calendarBefore: Record<string, unknown>;
beforeAll(async () => {
  browser = await launchBrowser(['--lang=en-US']);
  const { rules, holidays } = await api(await adminCookie(), '/api/calling-calendar');
  calendarBefore = { rules, holidays };
});
afterAll(async () => {
  await api(await adminCookie(), '/api/calling-calendar', { method: 'PUT', body: calendarBefore });
  await browser.close();
});

const suffix = Date.now().toString(36);

/** A day in São Paulo, `days` from today, as `YYYY-MM-DD`. */
const saoPauloDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const brazilian = (isoDay: string) => isoDay.split('-').reverse().join('/');

async function englishAdminPage(): Promise<Page> {
  const page = await newPage(browser, { width: 1280, height: 800 }, 'en-US');
  await signIn(page, admin().email, admin().password);
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  return page;
}

/** Types as a person does, key by key, and leaves the field. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.press('Backspace');
  await field.pressSequentially(text);
  await field.press('Tab');
}

/** A time typed as a person does: a click on the hours, then the four digits (the field moves on). */
async function typeTime(page: Page, group: Locator, time: string) {
  await group.getByRole('spinbutton', { name: 'Horas' }).click();
  await page.keyboard.type(time.replace(':', ''));
}

const shownTime = async (group: Locator) =>
  `${await group.getByRole('spinbutton', { name: 'Horas' }).inputValue()}:${await group
    .getByRole('spinbutton', { name: 'Minutos' })
    .inputValue()}`;

describe('dates and times in pt-BR on an English browser', () => {
  it('the lead list filters take dd/mm/aaaa and filter the day typed, not its mirror', async () => {
    const name = `Criado Hoje ${suffix}`;
    await importLeads(`e2e-datas-${suffix}`, [name]);
    const page = await englishAdminPage();
    await page.goto('/leads/list');
    await page.getByRole('heading', { name: 'Lista total de Leads' }).waitFor();
    const rows = page.getByRole('table', { name: 'Leads' }).locator('tbody tr[tabindex="0"]');
    await page.getByPlaceholder('Buscar por nome, telefone, e-mail ou CPF').fill(suffix);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);

    const from = page.getByLabel('Criado de');
    const to = page.getByLabel('Criado até');
    // 5 March, not 3 May: the request asks for 2026-03-05.
    const asked = page.waitForRequest((request) =>
      request.url().includes('createdFrom=2026-03-05'),
    );
    await typeInto(from, '05/03/2026');
    expect(await from.inputValue()).toBe('05/03/2026');
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await asked;

    const today = saoPauloDay();
    await typeInto(to, brazilian(today));
    expect(await to.inputValue()).toBe(brazilian(today));
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    // Yesterday alone holds nothing created today.
    await typeInto(from, brazilian(saoPauloDay(-1)));
    await typeInto(to, brazilian(saoPauloDay(-1)));
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(0);

    // A day that does not exist, typed over the one there, is refused in words, and the filter
    // keeps the day it had.
    const asks: string[] = [];
    page.on('request', (request) => asks.push(request.url()));
    await to.click();
    await to.press('ControlOrMeta+A');
    await to.pressSequentially('31/02/2026');
    await to.press('Tab');
    await page.getByText('Data inválida: use dd/mm/aaaa.').waitFor();
    expect(await to.inputValue()).toBe('31/02/2026');
    expect(asks.filter((url) => url.includes('/api/leads?'))).toEqual([]);
    expect(await rows.count()).toBe(0);
    // Clearing the filters clears the refused text's reason with them.
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    expect(await to.inputValue()).toBe('');
    await expect.poll(() => page.getByText('Data inválida: use dd/mm/aaaa.').count()).toBe(0);
    await page.context().close();
  });

  it('the calling hours read 24-hour times and take a typed one, and a holiday typed dd/mm/aaaa', async () => {
    const page = await englishAdminPage();
    await page.goto('/horarios');
    await page.getByRole('heading', { name: 'Horários de ligação', level: 1 }).waitFor();
    const rules = page.getByRole('table', { name: 'Horário de cada dia' });
    const mondayFrom = rules.getByRole('group', { name: 'Segunda: das' });
    const mondayTo = rules.getByRole('group', { name: 'Segunda: até' });
    await mondayFrom.waitFor();
    expect(await shownTime(mondayFrom)).toMatch(/^\d{2}:\d{2}$/);
    await typeTime(page, mondayTo, '18:30');
    expect(await shownTime(mondayTo)).toBe('18:30');
    // Half erased and left, a time shows again the one the rule keeps.
    const before = await shownTime(mondayFrom);
    await mondayFrom.getByRole('spinbutton', { name: 'Horas' }).click();
    await page.keyboard.press('Backspace');
    expect(await shownTime(mondayFrom)).toBe(`:${before.slice(3)}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await shownTime(mondayFrom)).toBe(before);
    expect(await rules.innerText()).not.toMatch(/\b(AM|PM)\b/);
    expect(await rules.locator('select').count()).toBe(0);

    const day = page.getByLabel('Data', { exact: true });
    await typeInto(day, '05/03/2026');
    expect(await day.inputValue()).toBe('05/03/2026');
    await page.getByLabel('Nome', { exact: true }).fill(`Feriado de março ${suffix}`);
    await page.getByRole('button', { name: 'Acrescentar feriado' }).click();
    await page
      .getByRole('table', { name: 'Feriados acrescentados' })
      .getByRole('cell', { name: '05/03/2026', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Salvar horários e feriados' }).click();
    await page.getByText('Horários de ligação salvos.').waitFor();
    const saved = (await api(await adminCookie(), '/api/calling-calendar')) as {
      rules: { national: { weekdays: ({ from: number; to: number } | null)[] } };
      holidays: { day: string; name: string }[];
    };
    expect(saved.rules.national.weekdays[1]?.to).toBe(18 * 60 + 30);
    expect(saved.holidays).toContainEqual(
      expect.objectContaining({ day: '2026-03-05', name: `Feriado de março ${suffix}` }),
    );

    // On a phone the two times of each day stay whole beside its name.
    await page.setViewportSize({ width: 390, height: 844 });
    const saturdayMinutes = rules
      .getByRole('group', { name: 'Sábado: até' })
      .getByRole('spinbutton', { name: 'Minutos' });
    await saturdayMinutes.scrollIntoViewIfNeeded();
    const box = await saturdayMinutes.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      ),
    ).toBe(false);
    await page.context().close();
  });

  it('an API token valid until a day typed dd/mm/aaaa lasts through that day', async () => {
    const page = await englishAdminPage();
    await page.goto('/integracoes/tokens');
    const name = `Validade ${suffix}`;
    await page.getByLabel('Nome da integração').fill(name);
    const until = page.getByLabel('Válido até (opcional)');
    await typeInto(until, '05/03/2099');
    expect(await until.inputValue()).toBe('05/03/2099');
    await page.getByRole('button', { name: 'Criar token' }).click();
    await page.getByRole('button', { name: 'Já guardei' }).click();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByText(/^05\/03\/2099 23:59$/)
      .waitFor();
    await page.context().close();
  });

  it("the block list's date reads today as dd/mm/aaaa and refuses a day to come", async () => {
    const page = await englishAdminPage();
    await page.goto('/leads/listas-bloqueio');
    await page.getByRole('heading', { name: 'Listas de bloqueio externas' }).waitFor();
    const listDate = page.getByLabel('Data da lista');
    // The browser's zone, as the form's own "today".
    const today = await page.evaluate(() => new Date().toLocaleDateString('pt-BR'));
    expect(await listDate.inputValue()).toBe(today);
    await typeInto(listDate, '01/11/2026');
    expect(await listDate.inputValue()).toBe('01/11/2026');
    await typeInto(listDate, '01/01/2099');
    await page.getByText(`A data deve ser até ${today}.`).waitFor();
    await page.context().close();
  });

  it('has no serious axe finding on the fields, their calendar open and their errors, in both schemes', async () => {
    const page = await englishAdminPage();
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/horarios');
      await page.getByRole('group', { name: 'Segunda: das' }).waitFor();
      await page.getByLabel('Data', { exact: true }).click();
      await page.getByRole('button', { name: 'Próximo mês' }).waitFor();
      // Past the calendar's fade-in: half-transparent text would be measured half-contrasted.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.mantine-Popover-dropdown')].every(
          (dropdown) => getComputedStyle(dropdown).opacity === '1',
        ),
      );
      found.push(
        ...(await seriousViolations(page)).map((text) => `${colorScheme} /horarios: ${text}`),
      );
      await page.goto('/leads/listas-bloqueio');
      await typeInto(page.getByLabel('Data da lista'), '31/02/2026');
      await page.getByText('Data inválida: use dd/mm/aaaa.').waitFor();
      found.push(
        // The form alone: the page's text around it is not these fields' to answer for.
        ...(await seriousViolations(page, 'form')).map(
          (text) => `${colorScheme} bloqueio: ${text}`,
        ),
      );
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});
