import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEnv } from '../testing/test-app.ts';
import { recordPath } from './backup-folder.ts';

let t: TestApp;
let admin: string;
let assessor: string;
const dir = () => path.join(testEnv.dataDir, 'backups');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAsAdmin();
  assessor = (await t.createSignedInUser('assessor', 'Ana')).cookie;
  await t.seedLeads(3);
});

afterAll(() => t?.close());

const health = async () => (await t.app.inject({ url: '/api/health' })).json().backup;

describe('/api/backups', () => {
  it('is for admins only', async () => {
    expect((await t.as(assessor).get('/api/backups')).statusCode).toBe(403);
    expect((await t.as(assessor).post('/api/backups', {})).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/backups' })).statusCode).toBe(401);
  });

  it('makes a verified backup on request, lists it, and /api/health stops warning', async () => {
    expect(await health()).toBe('none');
    expect((await t.as(admin).get('/api/backups')).json()).toMatchObject({
      state: 'none',
      backups: [],
      dir: dir(),
    });
    const made = await t.as(admin).post('/api/backups', {});
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ verification: { ok: true } });
    expect(made.json().rows).toBeGreaterThan(3);
    const listed = (await t.as(admin).get('/api/backups')).json();
    expect(listed.state).toBe('ok');
    expect(listed.backups).toHaveLength(1);
    expect(listed.backups[0]).toEqual(made.json());
    expect(JSON.stringify(listed)).not.toContain('"file"');
    expect(await health()).toBe('ok');
  });

  it('warns when the latest backup failed its verification or is over a day and a half old', async () => {
    const [latest] = (await t.as(admin).get('/api/backups')).json().backups;
    const file = path.join(dir(), latest.name);
    const record = { ...latest, verification: { ...latest.verification, ok: false } };
    await writeFile(recordPath(file), JSON.stringify(record));
    expect(await health()).toBe('failed');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000).toISOString();
    await writeFile(recordPath(file), JSON.stringify({ ...latest, createdAt: twoDaysAgo }));
    expect(await health()).toBe('stale');
    expect((await t.as(admin).get('/api/backups')).json().state).toBe('stale');
  });
});
