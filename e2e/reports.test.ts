import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../src/core/app-routes.ts';
import { api, cookieOf, distribute, importLeads } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';
import { withServerDatabase } from './support/database.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** One server and one database serve every e2e file: names, e-mails and phones are this run's own. */
const suffix = Date.now().toString(36);
const assessor = {
  name: `Rita Relatório ${suffix}`,
  email: `rita-relatorio-${suffix}@e2e.test`,
  password: `senha-da-rita-${suffix}`,
};

/**
 * Rita's day: three calls (an aceite, a refusal, nobody answering) and two hours of states,
 * thirty minutes of them on a lunch pause: ending an hour ago, or starting in an hour when
 * the centre's day began less than twelve hours ago (before 03:00 the hours before now are
 * yesterday's, which Hoje does not show).
 */
async function seedRitasDay() {
  const { id } = await createUser({ ...assessor, role: 'assessor' });
  const source = `e2e-relatorio-${suffix}`;
  const names = ['Paulo', 'Quésia', 'Raul'].map((name) => `${name} Relatório ${suffix}`);
  await importLeads(source, names);
  await distribute(id, names.length, source);
  const cookie = await cookieOf(assessor.email, assessor.password);
  const mine = (await api(cookie, '/api/my-leads')).leads as { id: number }[];
  for (const [index, outcome] of ['green', 'red', 'no_answer'].entries()) {
    await api(cookie, `/api/leads/${mine[index]?.id}/attempts`, {
      method: 'POST',
      body: { outcome },
    });
  }
  await withServerDatabase(async (client) => {
    await client.query(
      `insert into agent_state_log (user_id, state, pause_reason_id, started_at, ended_at)
       select $1, s.state, case when s.state = 'paused' then
           (select id from pause_reasons where name = 'Almoço') end,
         now() - s.starts * interval '1 minute' + d.shift,
         now() - s.ends * interval '1 minute' + d.shift
       from (values ('available', 180, 120), ('paused', 120, 90), ('available', 90, 60))
         as s (state, starts, ends)
       cross join (
         select case when extract(hour from now() at time zone dashboard_time_zone()) < 12
           then interval '4 hours' else interval '0' end as shift
       ) d
       where not exists (select 1 from agent_state_log where user_id = $1)`,
      [id],
    );
  });
}

async function openReports(page: Page) {
  await signIn(page, admin().email, admin().password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(appRoutes.reports.path);
  await page.getByRole('heading', { name: appRoutes.reports.title, level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Ligações por hora do dia' }).waitFor();
}

/**
 * How far the report (the page's main part: the header is another test's) reaches past the
 * screen's right edge, in pixels, with the first elements that do; 0 when it fits.
 */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What scrolls inside its own container (the table) is reached there, not past the edge.
    const scrolled = (element: Element) => {
      for (let up = element.parentElement; up && up.tagName !== 'MAIN'; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('main *')].filter(
      (element) => element.getBoundingClientRect().right > width + 1 && !scrolled(element),
    );
    if (wide.length === 0) return 0;
    const over = Math.max(...wide.map((element) => element.getBoundingClientRect().right)) - width;
    const named = wide
      .slice(0, 3)
      .map(
        (element) => `${element.tagName} ${element.className} ${element.textContent?.slice(0, 40)}`,
      );
    return `${Math.round(over)} px: ${named.join(' | ')}`;
  });

describe('the performance reports', () => {
  beforeAll(seedRitasDay);

  it("shows an assessor's day, keeps the period in the address and downloads a CSV", async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await newPage(browser, viewport);
      await openReports(page);
      const row = page.locator(`tr[data-row="${assessor.name}"]`);
      await row.waitFor();
      const cell = (column: string) => row.locator(`[data-column="${column}"]`).innerText();
      expect(await cell('calls')).toMatch(/^3\n/);
      expect(await cell('accepted')).toMatch(/^1\n/);
      expect(await cell('conversion')).toMatch(/^50%\n/);
      // Two hours signed in, thirty minutes of lunch: 1 h 30 min worked, 2 calls an hour.
      expect(await cell('signedIn')).toMatch(/^2:00:0\d\n/);
      expect(await cell('pause')).toContain('Almoço: 0:30:00');
      expect(await cell('perHour')).toMatch(/^2\n/);
      // The change against yesterday says its direction in text, not in colour alone.
      expect(await cell('calls')).toContain('▲ +3');
      expect(await horizontalOverflow(page)).toBe(0);

      await page.getByText('7 dias', { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('periodo') === '7d');
      await page.getByText(/ a \d{2}\/\d{2}\/\d{4}, comparado a /).waitFor();
      await page.getByText('Equipe', { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('por') === 'team');
      await page.getByRole('heading', { name: 'Equipes no período' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Equipes no período' }).waitFor();
      await page.context().close();
    }

    const page = await newPage(browser);
    await openReports(page);
    await page.locator(`tr[data-row="${assessor.name}"]`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^desempenho-assessores-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/,
    );
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFFAssessor;Equipe;Ligações;Contatos;Aceites;Conversão (%)')).toBe(
      true,
    );
    expect(csv).toContain(`${assessor.name};;3;2;1;"50,0";2:00:0`);
    await page.context().close();
  });

  it('has no serious or critical axe finding, in both themes, at 1280 and 390 px', async () => {
    const found: string[] = [];
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await newPage(browser, viewport);
      await openReports(page);
      for (const colorScheme of ['light', 'dark'] as const) {
        // Loaded again in the scheme: no colour is measured halfway through its transition.
        await page.emulateMedia({ colorScheme });
        await page.reload();
        await page.getByRole('heading', { name: 'Ligações por hora do dia' }).waitFor();
        await page.locator(`tr[data-row="${assessor.name}"]`).waitFor();
        await page.waitForLoadState('networkidle');
        found.push(
          ...(await seriousViolations(page)).map(
            (text) => `${viewport.width} px ${colorScheme}: ${text}`,
          ),
        );
      }
      await page.context().close();
    }
    expect(found).toEqual([]);
  });
});
