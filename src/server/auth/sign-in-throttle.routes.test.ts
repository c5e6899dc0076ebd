import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The sign-in limits (auth.routes.ts): free tries per key, then waits that grow.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signInRequest = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.signInAttempt(email, password, remoteAddress);

it('throttles one account at one address after 5 failures, not the same account elsewhere', async () => {
  const user = await t.createSignedInUser('assessor');
  for (let attempt = 1; attempt <= 5; attempt++) {
    const response = await signInRequest(user.email, 'errada-errada', '10.1.0.1');
    expect(response.statusCode).toBe(401);
  }
  const blocked = await signInRequest(user.email, user.password, '10.1.0.1');
  expect(blocked.statusCode).toBe(429);
  expect(blocked.headers['retry-after']).toBe('60');
  expect(blocked.json().error.message).toBe(
    'Muitas tentativas de entrar. Tente novamente em 1 minuto.',
  );
  const elsewhere = await signInRequest(user.email, user.password, '10.1.0.2');
  expect(elsewhere.statusCode).toBe(200);
});

it('makes each try past the fifth wait twice as long as the one before, up to 15 minutes', async () => {
  const user = await t.createSignedInUser('assessor');
  const key = `account:${user.email}@10.4.0.1`;
  /** As if the wait had gone by. */
  const waitOver = () =>
    t.database.db
      .updateTable('sign_in_throttle')
      .set({ blocked_until: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signInRequest(user.email, 'errada-errada', '10.4.0.1');
  }
  const waits: string[] = [];
  for (let round = 0; round < 6; round++) {
    const blocked = await signInRequest(user.email, 'errada-errada', '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    waits.push(blocked.json().error.message.replace('Muitas tentativas de entrar. ', ''));
    await waitOver();
    // The one try the wait allows is checked, and refused.
    expect((await signInRequest(user.email, 'errada-errada', '10.4.0.1')).statusCode).toBe(401);
  }
  expect(waits).toEqual([
    'Tente novamente em 1 minuto.',
    'Tente novamente em 2 minutos.',
    'Tente novamente em 4 minutos.',
    'Tente novamente em 8 minutos.',
    'Tente novamente em 15 minutos.',
    'Tente novamente em 15 minutos.',
  ]);
  // Whoever gets it right after a wait is in, and starts again from nothing.
  await waitOver();
  expect((await signInRequest(user.email, user.password, '10.4.0.1')).statusCode).toBe(200);
  expect((await signInRequest(user.email, 'errada-errada', '10.4.0.1')).statusCode).toBe(401);
});

it('keeps an account open at the addresses it signed in from while others guess its password', async () => {
  // The user signed in once from the test's own address (127.0.0.1), as from their office.
  const user = await t.createSignedInUser('assessor');
  for (let attempt = 1; attempt <= 20; attempt++) {
    const response = await signInRequest(user.email, 'errada-errada', `10.3.0.${attempt}`);
    expect(response.statusCode, `tentativa ${attempt}: ${response.body}`).toBe(401);
  }
  const outsider = await signInRequest(user.email, user.password, '10.3.1.1');
  expect(outsider.statusCode).toBe(429);
  expect(outsider.json().error.message).toBe(
    'Muitas tentativas de entrar. Tente novamente em 1 minuto.',
  );
  const atTheOffice = await signInRequest(user.email, user.password, '127.0.0.1');
  expect(atTheOffice.statusCode).toBe(200);
  // Their sign-in does not give the outsider new tries.
  expect((await signInRequest(user.email, user.password, '10.3.1.2')).statusCode).toBe(429);
});

it('checks at most 5 passwords of a parallel burst at one account', async () => {
  const user = await t.createSignedInUser('assessor');
  const burst = await Promise.all(
    Array.from({ length: 20 }, () => signInRequest(user.email, 'errada-errada', '10.2.0.1')),
  );
  const statuses = burst.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 401)).toHaveLength(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(15);
});

it('groups the attempts of an IPv6 address by its /64', async () => {
  const user = await t.createSignedInUser('assessor');
  for (let attempt = 1; attempt <= 5; attempt++) {
    const address = `2001:db8:aa:bb::${attempt.toString(16)}`;
    await signInRequest(user.email, 'errada-errada', address);
  }
  const sameNetwork = await signInRequest(user.email, user.password, '2001:db8:aa:bb:ffff::1');
  expect(sameNetwork.statusCode).toBe(429);
  const otherNetwork = await signInRequest(user.email, user.password, '2001:db8:aa:cc::1');
  expect(otherNetwork.statusCode).toBe(200);
});
