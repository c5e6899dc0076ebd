import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);

const schemeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
const bodyColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The width and height a PNG file declares (its IHDR chunk). */
function pngSize(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = [0x89, 0x50, 0x4e, 0x47];
  if (!signature.every((byte, index) => bytes[index] === byte)) return 'not a PNG';
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
}

describe('appearance', () => {
  it('follows the system light or dark setting, and keeps the choice made in the account menu', async () => {
    const assessor = {
      name: `Tema ${suffix}`,
      email: `tema-${suffix}@e2e.test`,
      password: `senha-do-tema-${suffix}`,
    };
    await createUser({ ...assessor, role: 'assessor' });
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, assessor.email, assessor.password);
    await page.waitForURL((url) => url.pathname === '/colaborador');
    expect(await schemeOf(page)).toBe('dark');
    const dark = await bodyColour(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(
      () => document.documentElement.dataset.mantineColorScheme === 'light',
    );
    expect(await bodyColour(page)).not.toBe(dark);

    // The account menu overrides the system, and the choice survives a reload.
    await page.getByRole('button', { name: assessor.name }).click();
    await page.getByRole('menuitem', { name: 'Tema do sistema (em uso)' }).waitFor();
    await page.getByRole('menuitem', { name: 'Tema escuro', exact: true }).click();
    expect(await schemeOf(page)).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await schemeOf(page)).toBe('dark');
    expect(await bodyColour(page)).toBe(dark);

    await page.getByRole('button', { name: assessor.name }).click();
    await page.getByRole('menuitem', { name: 'Tema escuro (em uso)' }).waitFor();
    await page.getByRole('menuitem', { name: 'Tema do sistema', exact: true }).click();
    expect(await schemeOf(page)).toBe('light');
    await page.context().close();
  });

  it('can be installed on a phone: a manifest with the name, the theme colour and its icons', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await fetch(new URL(href as string, baseUrl()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'CCA',
      start_url: '/',
      display: 'standalone',
      theme_color: '#15803d',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const file = await fetch(new URL(icon.src, baseUrl()));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toBe(icon.type);
      expect(pngSize(new Uint8Array(await file.arrayBuffer())), icon.src).toBe(icon.sizes);
    }
    await page.context().close();
  });
});
