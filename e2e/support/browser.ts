import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumFlags, chromiumPath } from './chromium.ts';

export const baseUrl = () => inject('baseUrl');
export const admin = () => ({ email: inject('adminEmail'), password: inject('adminPassword') });

/** Debian's Chromium, headless; `extraFlags` such as `--lang=en-US` for an office PC in English. */
export function launchBrowser(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumFlags, ...extraFlags],
  });
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  locale = 'pt-BR',
) {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale });
  return context.newPage();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Creates a user through the API as the administrator, as the /createuser page does. */
export async function createUser(user: {
  name: string;
  email: string;
  role: 'admin' | 'supervisor' | 'assessor';
  password?: string;
  dailyQuota?: number;
}) {
  const origin = baseUrl();
  const signInResponse = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(admin()),
  });
  const cookie = signInResponse.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const response = await fetch(`${origin}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(user),
  });
  if (response.status !== 201)
    throw new Error(`create user: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/**
 * The newest e-mail to this address in the server's outbox, decoded to plain text. A reset
 * link is mailed just after the answer, so the outbox is looked at for a few seconds.
 */
export async function latestMailTo(address: string): Promise<string> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + 5000;
  for (;;) {
    const files = (await readdir(outbox).catch(() => [])).sort().reverse();
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      if (raw.includes(`To: ${address}`)) return decodeBody(raw);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function decodeBody(raw: string): string {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, headerEnd);
  const body = raw.slice(headerEnd).trim();
  if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The path of the reset link in a mail, e.g. `/login/resetpassword?token=…`. */
export function resetLinkPath(mail: string): string {
  const match = mail.match(/https?:\/\/[^/\s]+(\/login\/resetpassword\?token=[\w-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in:\n${mail}`);
  return match[1];
}
