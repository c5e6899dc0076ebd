import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, baseUrl, launchBrowser, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The server runs with APP_URL=http://localhost:PORT; people also open it by its address. */
describe('opened at http://127.0.0.1:PORT instead of APP_URL', () => {
  it('signs in and works there', async () => {
    const byAddress = baseUrl().replace('localhost', '127.0.0.1');
    const context = await browser.newContext({ baseURL: byAddress, locale: 'pt-BR' });
    const page = await context.newPage();
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(() => document.title === 'CCA - Dashboard');
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');
    await expect(page.getByText('Requisição de outro site recusada.').count()).resolves.toBe(0);
    await context.close();
  });
});
