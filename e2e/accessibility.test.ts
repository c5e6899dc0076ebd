import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../src/core/app-routes.ts';
import { adminCookie, api, cookieOf, distribute, importLeads } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function visit(page: Page, path: string, heading: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

const suffix = Date.now().toString(36);
/** The pages follow the system's setting: each is checked in both. */
const colorSchemes = ['light', 'dark'] as const;

describe('accessibility', () => {
  it('has no serious or critical axe finding on the signed-out pages', async () => {
    const page = await newPage(browser);
    const found: string[] = [];
    for (const colorScheme of colorSchemes) {
      await page.emulateMedia({ colorScheme });
      for (const [path, heading] of [
        [appRoutes.login.path, 'Entrar'],
        [appRoutes.forgotPassword.path, 'Recuperar senha'],
      ] as const) {
        await visit(page, path, heading);
        found.push(
          ...(await seriousViolations(page)).map((text) => `${colorScheme} ${path}: ${text}`),
        );
      }
    }
    expect(found).toEqual([]);
    await page.context().close();
  });

  it("has no serious or critical axe finding on an admin's pages", async () => {
    // With data, so that the dashboard shows its figures and its chart, the lists their rows.
    const { id } = await createUser({
      name: `Com Dados ${suffix}`,
      email: `com-dados-${suffix}@e2e.test`,
      role: 'assessor',
      password: `senha-com-dados-${suffix}`,
    });
    await importLeads(`e2e-axe-${suffix}`, [`Lead Axe ${suffix}`, `Outro Axe ${suffix}`]);
    await distribute(id, 2, `e2e-axe-${suffix}`);
    const assessorCookie = await cookieOf(
      `com-dados-${suffix}@e2e.test`,
      `senha-com-dados-${suffix}`,
    );
    const mine = (await api(assessorCookie, '/api/my-leads')).leads as { id: number }[];
    await api(assessorCookie, `/api/leads/${mine[0]?.id}/attempts`, {
      method: 'POST',
      body: { outcome: 'no_answer' },
    });
    // A backup, so that its page shows its table (wider than a phone) and not the empty state.
    await api(await adminCookie(), '/api/backups', { method: 'POST', body: {} });
    const found: string[] = [];
    // The administrator's pages, the floor's too (which a supervisor shares).
    const pages = Object.values(appRoutes).filter(
      (route) => route.access === 'admin' || route.access === 'floor',
    );
    // On a desk and on a phone, where tables turn into cards and regions scroll.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await newPage(browser, viewport);
      await signIn(page, admin().email, admin().password);
      await page.waitForURL((url) => url.pathname === '/');
      for (const colorScheme of colorSchemes) {
        await page.emulateMedia({ colorScheme });
        for (const route of pages) {
          await visit(
            page,
            route.path,
            route.title === 'CCA - Dashboard' ? 'Dashboard' : route.title,
          );
          found.push(
            ...(await seriousViolations(page)).map(
              (text) => `${viewport.width} px ${colorScheme} ${route.path}: ${text}`,
            ),
          );
        }
      }
      await page.context().close();
    }
    expect(found).toEqual([]);
    // Every admin page in both colour schemes at two widths: about 2 min on a quiet machine.
  }, 300_000);

  it("has no serious or critical axe finding on an assessor's pages", async () => {
    const assessor = {
      name: `Acessível ${suffix}`,
      email: `acessivel-${suffix}@e2e.test`,
      password: `senha-acessivel-${suffix}`,
    };
    await createUser({ ...assessor, role: 'assessor' });
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, assessor.email, assessor.password);
    await page.waitForURL((url) => url.pathname === appRoutes.assessorLeads.path);
    const found: string[] = [];
    for (const colorScheme of colorSchemes) {
      await page.emulateMedia({ colorScheme });
      await visit(page, appRoutes.assessorLeads.path, appRoutes.assessorLeads.title);
      found.push(...(await seriousViolations(page)).map((text) => `${colorScheme}: ${text}`));
      await visit(page, appRoutes.calls.path, 'Minhas ligações');
      found.push(...(await seriousViolations(page)).map((text) => `${colorScheme}: ${text}`));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});
