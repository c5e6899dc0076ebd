import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, api, distribute, importLeads } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';
import { withServerDatabase } from './support/database.ts';

let browser: Browser;
let rulesBefore: unknown;
beforeAll(async () => {
  browser = await launchBrowser();
  rulesBefore = (await api(await adminCookie(), '/api/contact-rules')).rules;
});
afterAll(async () => {
  await api(await adminCookie(), '/api/contact-rules', { method: 'PUT', body: rulesBefore });
  await browser.close();
});

const suffix = Date.now().toString(36);

describe('retry rules', () => {
  it('a voicemail waits out its delay at the bottom of the list, then comes back to be tried again', async () => {
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Ana Administradora' }).click();
    await page.getByRole('menuitem', { name: 'Regras de nova tentativa' }).click();
    const voicemail = page.getByRole('group', { name: 'Caixa postal' });
    await voicemail.getByLabel('Tentar de novo depois de (minutos)').fill('1');
    await page.getByRole('button', { name: 'Salvar regras' }).click();
    await page.getByText('Regras de nova tentativa salvas.').waitFor();
    await page.context().close();

    const assessor = {
      name: `Tentativas ${suffix}`,
      email: `tentativas-${suffix}@e2e.test`,
      password: `senha-das-tentativas-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const source = `e2e-tentativas-${suffix}`;
    const first = `Primeira Caixa Postal ${suffix}`;
    const second = `Segundo Novo ${suffix}`;
    await importLeads(source, [first, second]);
    await distribute(id, 2, source);

    const work = await newPage(browser);
    // The page's clock is Playwright's, so the minute's wait can be moved on below.
    await work.clock.install();
    await signIn(work, assessor.email, assessor.password);
    await work.getByRole('heading', { name: 'Ainda sem ligação (2)' }).waitFor();
    await work.getByRole('article', { name: first }).getByRole('heading').click();
    await work.keyboard.press('6');
    await work.getByRole('heading', { name: 'Aguardando a próxima ligação (1)' }).waitFor();
    const waiting = work.getByRole('article', { name: first });
    await waiting.getByText(/^Nova tentativa a partir de/).waitFor();
    expect(await work.locator('article h3').allInnerTexts()).toEqual([second, first]);

    // The call set the retry a minute on; the minute passes for the server (the retry is moved
    // back to now) and for the page (its clock jumps past the time it had set to read again),
    // and the list reads itself again: the retry comes before the new lead.
    await withServerDatabase(async (database) => {
      const retry = await database.query<{ seconds_after_call: number }>(
        `select round(extract(epoch from l.next_call_at - a.created_at))::int as seconds_after_call
         from leads l join lead_attempts a on a.lead_id = l.id where l.name = $1`,
        [first],
      );
      expect(retry.rows).toEqual([{ seconds_after_call: 60 }]);
      await database.query('update leads set next_call_at = now() where name = $1', [first]);
    });
    await work.clock.fastForward('01:05');
    await work.getByRole('heading', { name: 'Tentar de novo (1)' }).waitFor();
    expect(await work.locator('article h3').allInnerTexts()).toEqual([first, second]);
    const calls = (await api(await adminCookie(), '/api/attempts')).attempts as {
      leadName: string;
      noAnswerKind: string | null;
    }[];
    expect(calls.find((call) => call.leadName === first)?.noAnswerKind).toBe('voicemail');
    await work.context().close();
  });
});
