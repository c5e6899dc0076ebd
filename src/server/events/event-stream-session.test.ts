import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

/** An open /api/events stream ends within seconds when its session does. */
let t: TestApp;
let baseUrl: string;
let adminCookie: string;
const controllers: AbortController[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  adminCookie = await t.signInAsAdmin();
});
afterAll(async () => {
  for (const controller of controllers) controller.abort();
  await t?.close();
});

/** Opens a stream; `ended` resolves when the server ends it. */
async function openStream(cookie: string) {
  const controller = new AbortController();
  controllers.push(controller);
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  let isEnded = false;
  const ended = (async () => {
    try {
      while (!(await reader.read()).done) {}
    } catch {}
    isEnded = true;
  })();
  return { ended, isEnded: () => isEnded };
}

const withinSeconds = (seconds: number, ended: Promise<void>) =>
  Promise.race([
    ended.then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), seconds * 1000)),
  ]);

function changeUser(user: TestUser, payload: Record<string, unknown>) {
  return t.as(adminCookie).patch(`/api/users/${user.id}`, payload);
}

describe('a live event stream', () => {
  it('ends when its user is deactivated, and only that stream', async () => {
    const ana = await t.createSignedInUser('assessor', 'Ana');
    const bruno = await t.createSignedInUser('assessor', 'Bruno');
    const anas = await openStream(ana.cookie);
    const brunos = await openStream(bruno.cookie);
    expect((await changeUser(ana, { active: false })).statusCode).toBe(200);
    expect(await withinSeconds(6, anas.ended)).toBe('ended');
    expect(brunos.isEnded()).toBe(false);
  });

  it('ends when its user is given another role', async () => {
    const carla = await t.createSignedInUser('assessor', 'Carla');
    const stream = await openStream(carla.cookie);
    expect((await changeUser(carla, { role: 'admin' })).statusCode).toBe(200);
    expect(await withinSeconds(6, stream.ended)).toBe('ended');
  });

  it('ends when its session is signed out', async () => {
    const davi = await t.createSignedInUser('assessor', 'Davi');
    const stream = await openStream(davi.cookie);
    const signOut = await t.as(davi).post('/api/auth/sign-out');
    expect(signOut.statusCode, signOut.body).toBe(200);
    expect(await withinSeconds(6, stream.ended)).toBe('ended');
  });
});
