import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const header = (page: Page) => page.locator('header');

describe('the first journey of a new team', () => {
  it('admin creates an assessor, who then sees only "Leads diarios"', async () => {
    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await header(page).getByRole('link', { name: 'Criar assessor' }).click();
    await page.waitForURL((url) => url.pathname === '/createuser');

    await page.getByLabel('Nome').fill('Bruno Assessor');
    await page.getByLabel('E-mail').fill('bruno@e2e.test');
    await page.getByLabel('Senha (opcional)').fill('senha-do-bruno-1');
    await page.getByRole('button', { name: 'Criar usuário' }).click();
    await page.getByRole('cell', { name: 'bruno@e2e.test' }).waitFor();

    await header(page).getByRole('button', { name: 'Ana Administradora' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await signIn(page, 'bruno@e2e.test', 'senha-do-bruno-1');
    await page.waitForURL((url) => url.pathname === '/colaborador');
    await header(page).getByRole('link', { name: 'Leads diarios' }).waitFor();
    const links = await header(page).getByRole('link').allTextContents();
    expect(links.filter((text) => text.trim() !== 'CCA' && text.trim() !== '')).toEqual([
      'Leads diarios',
    ]);
    await expect(
      header(page).getByRole('button', { name: 'Reciclar Leads' }).count(),
    ).resolves.toBe(0);
    await header(page).getByRole('button', { name: 'Bruno Assessor' }).click();
    await page.getByRole('menuitem', { name: /Bruno Assessor.*Assessor/s }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/createuser');
    await page.waitForURL((url) => url.pathname === '/colaborador');
    const usersCall = await page.evaluate(async () => (await fetch('/api/users')).status);
    expect(usersCall).toBe(403);
    await page.context().close();
  });

  it('works on a phone screen', async () => {
    const page = await newPage(browser, { width: 360, height: 740 });
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
