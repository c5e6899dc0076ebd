import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createDraining } from './draining.ts';

let t: TestApp;
const draining = createDraining();

beforeAll(async () => {
  t = await createTestApp({ deps: { draining } });
});
afterAll(() => t?.close());

it('fails the health check once draining, still serving requests and closing their connections', async () => {
  const admin = await t.signInAsAdmin();
  expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  expect((await t.as(admin).get('/api/users')).headers.connection).not.toBe('close');

  draining.start();
  const health = await t.app.inject({ url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.headers['retry-after']).toBe('2');
  expect(health.json().error).toEqual({
    code: 'SHUTTING_DOWN',
    message: 'Este servidor está reiniciando. Tente novamente em instantes.',
  });
  const users = await t.as(admin).get('/api/users');
  expect(users.statusCode).toBe(200);
  expect(users.headers.connection).toBe('close');
});
