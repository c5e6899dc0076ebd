import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, launchBrowser, newPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the sign-in page', () => {
  // The target of bench/web.bench.ts, checked on every run: what a visitor downloads before
  // signing in, each script gzipped at node:zlib's default level as the benchmark counts it.
  it('opens with less than 170 kB of JavaScript, gzipped', async () => {
    const page = await newPage(browser);
    const scripts: Promise<{ url: string; gzipBytes: number }>[] = [];
    page.on('response', (response) => {
      if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
      scripts.push(
        response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body).length })),
      );
    });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');

    const loaded = await Promise.all(scripts);
    const totalKb = loaded.reduce((sum, script) => sum + script.gzipBytes, 0) / 1000;
    expect(loaded.length).toBeGreaterThan(0);
    const files = loaded.map(
      (script) => `${script.url} ${(script.gzipBytes / 1000).toFixed(1)} kB`,
    );
    expect(totalKb, `the scripts of /login:\n${files.join('\n')}\n`).toBeLessThan(170);
    await page.context().close();
  });

  it('checks the form with the pt-BR messages of the shared schema and sends nothing invalid', async () => {
    const page = await newPage(browser);
    let signInRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/sign-in/email')) signInRequests += 1;
    });
    await page.goto('/login');
    const send = page.getByRole('button', { name: 'Entrar' });

    await send.click();
    await page.getByText('Informe um e-mail válido.').waitFor();
    await page.getByText('Informe a senha.').waitFor();

    await page.getByLabel('E-mail').fill('nao-e-um-email');
    await page.getByLabel('Senha', { exact: true }).fill('qualquer-senha');
    await send.click();
    await page.getByText('Informe um e-mail válido.').waitFor();
    await expect(page.getByText('Informe a senha.').count()).resolves.toBe(0);

    expect(signInRequests).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('signs in with the e-mail typed in capitals, as the server reads it in lower case', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(admin().email.toUpperCase());
    await page.getByLabel('Senha', { exact: true }).fill(admin().password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(() => document.title === 'CCA - Dashboard');
    await page.context().close();
  });
});
