import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  demoAssessorEmail,
  demoAssessorPassword,
  demoSupervisorEmail,
  fillDemo,
} from '../scripts/demo-data.ts';
import { workableStatuses } from '../src/core/lead-status.ts';
import { createDatabase } from '../src/server/db/database.ts';
import { runningConnectionString } from '../src/server/db/embedded-postgres.ts';
import { adminCookie, api, cookieOf } from './support/api.ts';
import { admin, baseUrl, launchBrowser, signIn } from './support/browser.ts';

/**
 * The README's pictures of the main pages, taken from the running app filled by the demo
 * (`npm run demo`'s month of work, at 2,000 leads). `npm run screenshots`
 * writes them to docs/screenshots; every other run takes them into a temporary folder, so the
 * pages the README shows are checked to still open, and the README to show each picture.
 */
const updating = process.env.npm_lifecycle_event === 'screenshots';
const shots = [
  'entrar',
  'dashboard',
  'lista-de-leads',
  'distribuicao-diaria',
  'assessor-celular',
  'assessor-celular-escuro',
  'leads-celular',
  'painel-ao-vivo',
  'relatorio',
] as const;

let browser: Browser;
let folder: string;
beforeAll(async () => {
  browser = await launchBrowser();
  folder = updating
    ? path.resolve('docs/screenshots')
    : await mkdtemp(path.join(os.tmpdir(), 'cca-screenshots-'));
  await mkdir(folder, { recursive: true });
});
afterAll(async () => {
  await browser.close();
  if (!updating) await rm(folder, { recursive: true, force: true });
});

/** A page of an office PC in Brasília: its times read as the centre's, whatever this machine's zone. */
async function officePage(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return context.newPage();
}

/** Taken once nothing is loading: the header is a chunk of its own and may come after the page. */
async function shoot(page: Page, name: (typeof shots)[number]) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

/**
 * The demo's month of work in the browser tests' base, beside what the other files made; answers
 * the demo assessor with the longest list, whose page the pictures show.
 */
async function fillWithDemo(): Promise<string> {
  const database = createDatabase({
    connectionString: await runningConnectionString(inject('dataDir')),
    poolSize: 2,
    statementTimeoutMs: 120_000,
  });
  try {
    const { assessorIds } = await fillDemo(database, {
      leads: 2_000,
      assessors: 5,
      seed: 46,
      onlyIntoEmptyBase: false,
    });
    const busiest = await database.db
      .selectFrom('leads as l')
      .innerJoin('users as u', 'u.id', 'l.owner_id')
      .select(['u.email', (eb) => eb.fn.countAll<string>().as('leads')])
      .where('l.owner_id', 'in', assessorIds)
      .where('l.status', 'in', [...workableStatuses])
      .groupBy('u.email')
      .orderBy('leads', 'desc')
      .orderBy('u.email')
      .executeTakeFirstOrThrow();
    return busiest.email;
  } finally {
    await database.close();
  }
}

/** A state change of a demo assessor through the API, as its page makes it. */
async function asAssessor(position: number, path: string, body: unknown = {}) {
  const origin = baseUrl();
  const cookie = await cookieOf(demoAssessorEmail(position), demoAssessorPassword);
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.text()}`).toBeLessThan(300);
}

/**
 * The floor as the wallboard shows it on a working afternoon, whatever day the picture is taken:
 * the demo's assessors have open pages (presence), one is on a call and one on a coffee pause.
 */
async function bringTheFloorToLife() {
  for (const position of [0, 1, 2, 3]) await asAssessor(position, '/api/agent-state/presence');
  const cookie = await cookieOf(demoAssessorEmail(0), demoAssessorPassword);
  const mine = (await api(cookie, '/api/my-leads')) as { leads: { id: number }[] };
  const lead = mine.leads[0];
  if (lead) await asAssessor(0, '/api/agent-state/call', { leadId: lead.id });
  const { reasons } = (await api(cookie, '/api/pause-reasons')) as {
    reasons: { id: number; name: string }[];
  };
  const coffee = reasons.find((reason) => reason.name === 'Café');
  if (coffee) await asAssessor(2, '/api/agent-state/pause', { reasonId: coffee.id });
}

describe('the README pictures', () => {
  it('are taken of the main pages, on a desktop and on a phone, from the demo, and shown by the README', async () => {
    const assessorEmail = await fillWithDemo();
    // A centre that keeps its backups: the dashboard then shows its figures, not the warning.
    await api(await adminCookie(), '/api/backups', { method: 'POST', body: {} });
    const desk = await officePage();
    await desk.goto('/login');
    await desk.getByRole('heading', { name: 'Entrar' }).waitFor();
    await shoot(desk, 'entrar');
    await signIn(desk, admin().email, admin().password);
    await desk.waitForURL((url) => url.pathname === '/');
    // The week's figures: the picture has them whatever day it is taken, a Sunday included.
    await desk.goto('/?periodo=7d');
    await desk.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await desk.waitForLoadState('networkidle');
    await shoot(desk, 'dashboard');
    await desk.goto('/leads/list');
    await desk.getByRole('table', { name: 'Leads' }).waitFor();
    await desk.waitForLoadState('networkidle');
    await shoot(desk, 'lista-de-leads');
    await desk.goto('/leads/dailyleads');
    await desk.getByRole('table', { name: 'Assessores' }).waitFor();
    await desk.waitForLoadState('networkidle');
    await shoot(desk, 'distribuicao-diaria');

    const phone = await officePage({ width: 390, height: 844 });
    await signIn(phone, assessorEmail, demoAssessorPassword);
    await phone.waitForURL((url) => url.pathname === '/colaborador');
    await phone.getByRole('heading', { level: 3 }).first().waitFor();
    await shoot(phone, 'assessor-celular');
    await phone.emulateMedia({ colorScheme: 'dark' });
    await shoot(phone, 'assessor-celular-escuro');
    const adminPhone = await officePage({ width: 390, height: 844 });
    await signIn(adminPhone, admin().email, admin().password);
    await adminPhone.waitForURL((url) => url.pathname === '/');
    await adminPhone.goto('/leads/list');
    await adminPhone.getByRole('table', { name: 'Leads' }).waitFor();
    await adminPhone.waitForLoadState('networkidle');
    await shoot(adminPhone, 'leads-celular');

    await bringTheFloorToLife();
    const supervisor = await officePage({ width: 1440, height: 900 });
    await signIn(supervisor, demoSupervisorEmail(0), demoAssessorPassword);
    await supervisor.waitForURL((url) => url.pathname === '/painel');
    await supervisor.getByText('Equipe Alfa').first().waitFor();
    await supervisor.waitForLoadState('networkidle');
    await shoot(supervisor, 'painel-ao-vivo');
    await supervisor.goto('/relatorios?periodo=30d');
    await supervisor.getByRole('table').first().waitFor();
    await supervisor.waitForLoadState('networkidle');
    await shoot(supervisor, 'relatorio');

    const readme = await readFile('README.md', 'utf8');
    for (const name of shots) {
      expect((await stat(path.join(folder, `${name}.png`))).size, name).toBeGreaterThan(10_000);
      expect(readme, name).toContain(`docs/screenshots/${name}.png`);
    }
    for (const page of [desk, phone, adminPhone, supervisor]) await page.context().close();
  });
});
