import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const tv = { width: 1920, height: 1080 };
const phone = { width: 390, height: 844 };

async function openWallboard(viewport: { width: number; height: number }, path: string) {
  const page = await newPage(browser, viewport);
  await signIn(page, admin().email, admin().password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(path);
  await page.getByRole('heading', { name: 'Painel ao vivo', level: 1 }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Ao vivo' }).waitFor();
  return page;
}

/** The number an assessor's row or card shows under a figure's label. */
async function figure(page: Page, assessorId: string, label: string): Promise<string> {
  const text = await page
    .locator(`[data-assessor="${assessorId}"] [data-figure="${label}"]`)
    .innerText();
  return text.split('\n').at(-1)?.trim() ?? '';
}

describe('the live wallboard', () => {
  it('shows a recorded call without a reload, on a television and on a phone', async () => {
    const assessor = {
      name: `Yara Painel ${suffix}`,
      email: `yara-painel-${suffix}@e2e.test`,
      password: `senha-da-yara-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const team = `Equipe Painel ${suffix}`;
    await withServerDatabase(async (client) => {
      const created = await client.query<{ id: number }>(
        'insert into teams (name) values ($1) returning id',
        [team],
      );
      await client.query('update users set team_id = $1 where id = $2', [created.rows[0]?.id, id]);
    });
    const source = `e2e-painel-vivo-${suffix}`;
    await importLeads(source, [`Lead Painel A ${suffix}`, `Lead Painel B ${suffix}`]);
    await distribute(id, 2, source);

    const television = await openWallboard(tv, '/painel?tv=1');
    // No header on the television, and no buttons on its rows.
    expect(await television.locator('header').count()).toBe(0);
    await television.getByRole('heading', { name: team, level: 2 }).waitFor();
    expect(await figure(television, id, 'Ligações')).toBe('0');
    expect(await figure(television, id, 'Leads na lista')).toBe('2');
    expect(await television.getByRole('button', { name: 'Desconectar' }).count()).toBe(0);

    const hand = await openWallboard(phone, '/painel');
    await hand.locator(`[data-assessor="${id}"]`).waitFor();
    expect(await figure(hand, id, 'Ligações')).toBe('0');

    const cookie = await cookieOf(assessor.email, assessor.password);
    const mine = (await api(cookie, '/api/my-leads')).leads as { id: number }[];
    const recorded = Date.now();
    await api(cookie, `/api/leads/${mine[0]?.id}/attempts`, {
      method: 'POST',
      body: { outcome: 'green' },
    });
    await expect.poll(() => figure(television, id, 'Ligações'), { timeout: 10_000 }).toBe('1');
    const seenAfter = Date.now() - recorded;
    await expect.poll(() => figure(hand, id, 'Ligações'), { timeout: 10_000 }).toBe('1');
    expect(await figure(television, id, 'Aceites')).toBe('1');
    expect(await figure(television, id, 'Conversão')).toBe('100%');
    expect(await figure(television, id, 'Leads na lista')).toBe('1');
    // The 2 s, with room for a machine running other browser tests.
    expect(seenAfter).toBeLessThan(4000);

    // Nothing sideways on the phone.
    const overflow = await hand.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await television.context().close();
    await hand.context().close();
  }, 120_000);

  it('opens the TV mode from its button, dark and without the header, and leaves it', async () => {
    const page = await openWallboard({ width: 1280, height: 800 }, '/painel');
    await page.emulateMedia({ colorScheme: 'light' });
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await page.locator('header').waitFor();
    expect(await scheme()).toBe('light');
    await page.getByRole('button', { name: 'Modo TV' }).click();
    await page.waitForURL((url) => url.searchParams.get('tv') === '1');
    await page.getByRole('link', { name: 'Sair do modo TV' }).waitFor();
    await page.locator('header').waitFor({ state: 'detached' });
    // A television across the room reads light text on a dark screen, whatever the theme.
    await expect.poll(scheme).toBe('dark');
    // And back, with the header and the browser's own theme.
    await page.getByRole('link', { name: 'Sair do modo TV' }).click();
    await page.locator('header').waitFor();
    await expect.poll(scheme).toBe('light');
    await page.context().close();
  }, 60_000);

  it('has no serious or critical axe finding, on a desk, a phone and a television, in both themes', async () => {
    const found: string[] = [];
    for (const [viewport, path] of [
      [{ width: 1280, height: 800 }, '/painel'],
      [phone, '/painel'],
      [tv, '/painel?tv=1'],
    ] as const) {
      const page = await openWallboard(viewport, path);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        found.push(
          ...(await seriousViolations(page)).map(
            (text) => `${viewport.width} px ${colorScheme} ${path}: ${text}`,
          ),
        );
      }
      await page.context().close();
    }
    expect(found).toEqual([]);
  }, 180_000);
});
