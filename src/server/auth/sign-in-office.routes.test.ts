import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, testOrigin } from '../testing/test-app.ts';
import { createUserRepository } from '../users/index.ts';
import { hashPassword } from './password-hashing.ts';

/** A call centre's office: 200 assessors behind one public address. */
const officeAddress = '203.0.113.50';
const password = 'Senha-do-escritorio-1';
let t: TestApp;
const emails: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const users = createUserRepository(t.database.db);
  const passwordHash = await hashPassword(password);
  for (let person = 0; person < 200; person++) {
    const email = `assessor${person}@escritorio.cca.test`;
    await users.insert({ name: `Assessor ${person}`, email, role: 'assessor', passwordHash });
    emails.push(email);
  }
}, 120_000);
afterAll(() => t?.close());

const signIn = (email: string, attempt: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin },
    payload: { email, password: attempt },
    remoteAddress: officeAddress,
  });

it('lets 200 people behind one address each mistype twice and then sign in', async () => {
  const statuses: number[] = [];
  // Ten at a time, as a morning's sign-ins come.
  for (let first = 0; first < emails.length; first += 10) {
    const answers = await Promise.all(
      emails.slice(first, first + 10).map(async (email) => {
        const typos = [
          await signIn(email, 'senha-errada-1'),
          await signIn(email, 'senha-errada-2'),
        ];
        expect(typos.map((typo) => typo.statusCode)).toEqual([401, 401]);
        return (await signIn(email, password)).statusCode;
      }),
    );
    statuses.push(...answers);
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(200);
}, 180_000);

it('lets an administrator unlock an account, and only an administrator', async () => {
  const email = emails[0] as string;
  for (let attempt = 0; attempt < 5; attempt++) await signIn(email, 'senha-errada-3');
  expect((await signIn(email, password)).statusCode).toBe(429);
  const user = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const unlock = (cookie: string) => t.as(cookie).post(`/api/users/${user.id}/unlock-sign-in`);
  const assessor = await t.createSignedInUser('assessor');
  expect((await unlock(assessor.cookie)).statusCode).toBe(403);
  const unlocked = await unlock(await t.signInAsAdmin());
  expect(unlocked.statusCode, unlocked.body).toBe(200);
  expect(unlocked.json().message).toBe('Entrada de Assessor 0 liberada: já pode tentar de novo.');
  expect((await signIn(email, password)).statusCode).toBe(200);
  const audit = await t.database.db
    .selectFrom('audit_log')
    .select(['target_id', 'details'])
    .where('action', '=', 'user.sign_in_unlocked')
    .execute();
  expect(audit).toEqual([{ target_id: user.id, details: { email } }]);
});
