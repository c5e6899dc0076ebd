import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, api, cookieOf, distribute, importLeads } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { baseUrl, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';
import { withServerDatabase } from './support/database.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);
const phone = { width: 390, height: 844 };

/** An assessor of this run with `names` in her list, signed in on `page`'s size. */
async function assessorWith(tag: string, names: string[]) {
  const assessor = {
    name: `${tag} ${suffix}`,
    email: `${tag.toLowerCase()}-${suffix}@e2e.test`,
    password: `senha-${tag.toLowerCase()}-${suffix}`,
  };
  const { id } = await createUser({ ...assessor, role: 'assessor' });
  const source = `e2e-fluxo-${tag.toLowerCase()}-${suffix}`;
  await importLeads(source, names);
  await distribute(id, names.length, source);
  return assessor;
}

const currentCard = (page: Page) => page.locator('article[aria-current="true"]');

/** The outcome buttons' keys, read left to right and top to bottom as they show. */
async function keysAsShown(page: Page): Promise<string[]> {
  const buttons = await currentCard(page)
    .locator('button[aria-keyshortcuts]')
    .evaluateAll((all) =>
      all.map((button) => {
        const box = button.getBoundingClientRect();
        return {
          top: Math.round(box.top),
          left: box.left,
          key: button.getAttribute('aria-keyshortcuts'),
        };
      }),
    );
  return buttons
    .sort((one, other) => one.top - other.top || one.left - other.left)
    .map((button) => button.key ?? '');
}

describe("the assessor's flow", () => {
  it("counts today's calls, contacts and accepts, a call-back received yesterday included", async () => {
    const name = `Retorno de Ontem ${suffix}`;
    const assessor = await assessorWith('Ontem', [name]);
    // Received yesterday, to be called back an hour ago.
    await withServerDatabase((database) =>
      database.query(
        `update leads set assigned_at = now() - interval '30 hours', status = 'yellow',
           callback_at = now() - interval '1 hour', next_call_at = now() - interval '1 hour',
           next_call_reason = 'callback'
         where name = $1`,
        [name],
      ),
    );
    const page = await newPage(browser);
    await signIn(page, assessor.email, assessor.password);
    await page.getByRole('heading', { name, level: 3 }).waitFor();
    await page.getByText('Hoje: 0 ligações · 0 contatos · 0 aceites').waitFor();
    await page.keyboard.press('1');
    await page.getByRole('heading', { name, level: 3 }).waitFor({ state: 'detached' });
    await page.getByText('Hoje: 1 ligação · 1 contato · 1 aceite').waitFor();
    await page.context().close();
  });

  it('reads the outcome keys 1, 2, 3… in the order the buttons show, on a desk and on a phone', async () => {
    const assessor = await assessorWith('Ordem', [`Ordem ${suffix}`]);
    for (const viewport of [{ width: 1280, height: 800 }, phone]) {
      const page = await newPage(browser, viewport);
      await signIn(page, assessor.email, assessor.password);
      await currentCard(page).waitFor();
      const keys = await keysAsShown(page);
      expect(keys, `${viewport.width} px`).toEqual(keys.map((_, index) => String(index + 1)));
      expect(keys.length).toBeGreaterThanOrEqual(9);
      await page.getByText(/^Atalhos:/).waitFor();
      await page.context().close();
    }
  });

  it('confirms a blocking outcome from the keyboard (Tab to the confirmation, Enter), Esc leaving the lead', async () => {
    const name = `Bloqueio Teclado ${suffix}`;
    const assessor = await assessorWith('Bloqueio', [name]);
    const page = await newPage(browser);
    await signIn(page, assessor.email, assessor.password);
    await currentCard(page).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Não ligar: bloquear o telefone?' });
    await page.keyboard.press('9');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('9');
    const confirm = dialog.getByRole('button', { name: 'Sim, não ligar' });
    for (let step = 0; step < 4; step++) {
      if (await confirm.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name, level: 3 }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('hides the shortcut legend on a touch screen', async () => {
    const assessor = await assessorWith('Toque', [`Toque ${suffix}`]);
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: phone,
      locale: 'pt-BR',
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await signIn(page, assessor.email, assessor.password);
    await currentCard(page).waitFor();
    await page.getByRole('button', { name: /Aceitou/ }).waitFor();
    expect(await page.getByText(/^Atalhos:/).isVisible()).toBe(false);
    const keysShown = await currentCard(page)
      .locator('button[aria-keyshortcuts] kbd')
      .evaluateAll((all) => all.filter((kbd) => kbd.getClientRects().length > 0).length);
    expect(keysShown).toBe(0);
    await context.close();
  });

  it('shows the notice’s “Desfazer” whole on a phone', async () => {
    const names = [`Nome Comprido Bastante Para Quebrar A Linha ${suffix}`, `Outro ${suffix}`];
    const assessor = await assessorWith('Desfaz', names);
    const page = await newPage(browser, phone);
    await signIn(page, assessor.email, assessor.password);
    await currentCard(page).waitFor();
    await currentCard(page)
      .getByRole('button', { name: /Não aceitou/ })
      .click();
    const undo = page
      .locator('.mantine-Notification-root')
      .getByRole('button', { name: 'Desfazer' });
    await undo.waitFor();
    const clipped = await undo.evaluate((button) => {
      const label = button.querySelector('.mantine-Button-label') ?? button;
      const box = button.getBoundingClientRect();
      return {
        label: label.scrollWidth - label.clientWidth,
        button: button.scrollWidth - button.clientWidth,
        outside: box.right - document.documentElement.clientWidth,
      };
    });
    expect(clipped.label).toBeLessThanOrEqual(0);
    expect(clipped.button).toBeLessThanOrEqual(0);
    expect(clipped.outside).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('offers call-back presets in the call centre’s time, sent from the keyboard with the note by Ctrl+Enter', async () => {
    const name = `Amanhã Cedo ${suffix}`;
    const assessor = await assessorWith('Preset', [name]);
    const page = await newPage(browser);
    await signIn(page, assessor.email, assessor.password);
    await currentCard(page).waitFor();
    await page.keyboard.press('2');
    const presets = page.getByRole('group', { name: 'Sugestões de retorno' });
    for (const label of ['+1 h', '+2 h', 'Amanhã 9h', 'Próxima seg 9h']) {
      await presets.getByRole('button', { name: label }).waitFor();
    }
    // The card with its call-back form open, in both schemes.
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // Colours change with a short transition: read them once it is over.
      await page.waitForTimeout(400);
      found.push(...(await seriousViolations(page)).map((text) => `${colorScheme}: ${text}`));
    }
    expect(found).toEqual([]);
    await presets.getByRole('button', { name: 'Amanhã 9h' }).click();
    await currentCard(page).getByLabel('Observação').fill('pediu cedo');
    await currentCard(page).getByLabel('Observação').press('Control+Enter');
    await page.getByRole('heading', { name: 'Aguardando a próxima ligação (1)' }).waitFor();

    const cookie = await cookieOf(assessor.email, assessor.password);
    const [call] = (await api(cookie, '/api/attempts')).attempts as {
      callbackAt: string;
      note: string;
    }[];
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(Date.now() + 24 * 3600_000),
    );
    expect(call).toMatchObject({
      note: 'pediu cedo',
      callbackAt: new Date(`${tomorrow}T09:00:00-03:00`).toISOString(),
    });
    await page.context().close();
  });

  it('records a call out of hours with its reason by Ctrl+Enter', async () => {
    const cookie = await adminCookie();
    const calendar = await api(cookie, '/api/calling-calendar');
    const national = (calendar.rules as { national: unknown }).national;
    // Rondônia closed every day, for this test only.
    await api(cookie, '/api/calling-calendar', {
      method: 'PUT',
      body: {
        rules: {
          national,
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
    try {
      const assessor = {
        name: `Motivo ${suffix}`,
        email: `motivo-${suffix}@e2e.test`,
        password: `senha-motivo-${suffix}`,
      };
      const { id } = await createUser({ ...assessor, role: 'assessor' });
      const source = `e2e-fluxo-motivo-${suffix}`;
      const name = `Porto Velho Fechado ${suffix}`;
      await importLeads(source, [name], { ddd: '69', city: 'Porto Velho', uf: 'RO' });
      await distribute(id, 1, source);
      const page = await newPage(browser);
      await signIn(page, assessor.email, assessor.password);
      await page.getByRole('heading', { name: 'Fora do horário de ligação agora (1)' }).waitFor();
      await page.getByRole('heading', { name, level: 3 }).click();
      await page.keyboard.press('3');
      const dialog = page.getByRole('dialog', { name: 'Fora do horário de ligação' });
      const reason = dialog.getByLabel('Motivo');
      // An empty reason sends nothing.
      await reason.press('Control+Enter');
      await reason.fill('Pediu para ligar agora');
      await reason.press('Control+Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name, level: 3 }).waitFor({ state: 'detached' });
      const calls = (await api(await cookieOf(assessor.email, assessor.password), '/api/attempts'))
        .attempts as { outcome: string; outsideWindowReason: string }[];
      expect(calls).toMatchObject([
        { outcome: 'red', outsideWindowReason: 'Pediu para ligar agora' },
      ]);
      await page.context().close();
    } finally {
      await api(cookie, '/api/calling-calendar', {
        method: 'PUT',
        body: { rules: calendar.rules, holidays: calendar.holidays },
      });
    }
  });
});
