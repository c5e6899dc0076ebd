import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../src/core/app-routes.ts';
import { admin, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Every page of the Leads section, by the label of its link. */
const sectionPages = [
  ['Lista total', appRoutes.leadList],
  ['Leads nunca usados', appRoutes.newLeads],
  ['Incluir leads', appRoutes.importLeads],
  ['Adicionar leads diários', appRoutes.dailyLeads],
  ['Ligações', appRoutes.calls],
  ['Telefones bloqueados', appRoutes.blockedPhones],
] as const;

const sectionNav = (page: Page) => page.getByRole('navigation', { name: 'Páginas de leads' });

async function walkTheSection(page: Page) {
  for (const [label, route] of sectionPages) {
    await sectionNav(page).getByRole('link', { name: label, exact: true }).click();
    await page.waitForURL((url) => url.pathname === route.path);
    await expect.poll(() => page.title()).toBe(route.title);
    const current = sectionNav(page).locator('[aria-current="page"]');
    expect(await current.textContent()).toBe(label);
  }
}

describe('the Leads section', () => {
  it('reaches every Leads page from the header on a desktop', async () => {
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    const header = page.getByRole('navigation', { name: 'Navegação principal' });
    await header.getByRole('link', { name: 'Leads', exact: true }).click();
    await page.waitForURL((url) => url.pathname === appRoutes.leadList.path);
    await walkTheSection(page);
    // The seed's header is unchanged: "Leads" stays the one active link on every Leads page.
    expect(await header.locator('[aria-current="page"]').allTextContents()).toEqual(['Leads']);
    await page.context().close();
  });

  it('shows every Leads page on a phone, none of them off the screen', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Abrir menu de navegação' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Leads', exact: true }).click();
    await page.waitForURL((url) => url.pathname === appRoutes.leadList.path);
    for (const [label] of sectionPages) {
      const link = sectionNav(page).getByRole('link', { name: label, exact: true });
      const box = await link.boundingBox();
      expect(box, label).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390, label).toBe(true);
    }
    await walkTheSection(page);
    await page.context().close();
  });
});
