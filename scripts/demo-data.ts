import { fakerPT_BR as faker } from '@faker-js/faker';
import { sql } from 'kysely';
import { callingCalendarSettingKey, storedCallingCalendar } from '../src/core/calling-windows.ts';
import { contactRulesSettingKey, storedContactRules } from '../src/core/contact-rules.ts';
import { hashPassword } from '../src/server/auth/password-hashing.ts';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { createUserRepository } from '../src/server/users/user.repository.ts';
import { demoTeams, planDemoFloor, writeDemoFloor } from './demo-floor.ts';
import { demoPeople } from './demo-people.ts';
import { planDemo } from './demo-plan.ts';
import { demoRandom } from './demo-random.ts';
import { writeDemoPlan } from './demo-write.ts';

export const demoAssessorPassword = 'Assessor-demo-2026';
export const demoAssessorEmail = (position: number) => `assessor${position + 1}@cca.local`;
export const demoSupervisorEmail = (position: number) => `supervisor${position + 1}@cca.local`;

export interface DemoOptions {
  leads: number;
  assessors: number;
  /** The same seed makes the same centre (at the same `now`). */
  seed: number;
  /** The last moment of the demo's history; calls are never after it. */
  now?: Date;
  /**
   * Refuse a base that has leads already (the `npm run demo` command); a browser test's
   * shared base takes the demo beside the leads its other tests made.
   */
  onlyIntoEmptyBase: boolean;
  log?: (message: string) => void;
}

/** Raised for a base the demo will not fill; the message says why, in pt-BR. */
export class DemoRefused extends Error {}

/**
 * Fills the base with a month of a call centre's work (scripts/demo-plan.ts) under the
 * calling calendar and contact rules stored in it, made by its first administrator and
 * `assessors` demo assessors. Refuses a base that holds the demo already.
 */
export async function fillDemo(database: DatabaseHandle, options: DemoOptions) {
  const log = options.log ?? (() => {});
  const { db } = database;
  const now = options.now ?? new Date();
  if (
    await db
      .selectFrom('import_batches')
      .select('id')
      .where('file_name', 'like', 'demo-%')
      .executeTakeFirst()
  ) {
    throw new DemoRefused('A demonstração já foi gerada nesta base: ela não é gerada duas vezes.');
  }
  if (
    options.onlyIntoEmptyBase &&
    (await db.selectFrom('leads').select('id').limit(1).executeTakeFirst())
  ) {
    throw new DemoRefused(
      'Esta base já tem leads: a demonstração só preenche uma base vazia. Use outra pasta de dados (DATA_DIR) ou outro banco (DATABASE_URL).',
    );
  }
  const admin = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('role', '=', 'admin')
    .orderBy('created_at')
    .executeTakeFirst();
  if (!admin) throw new DemoRefused('Crie o primeiro administrador antes da demonstração.');

  const users = createUserRepository(db);
  faker.seed(options.seed);
  const passwordHash = await hashPassword(demoAssessorPassword);
  const assessorIds: string[] = [];
  for (let position = 0; position < options.assessors; position++) {
    const email = demoAssessorEmail(position);
    const name = faker.person.fullName();
    const existing = await users.findByEmail(email);
    assessorIds.push(
      existing?.id ?? (await users.insert({ name, email, role: 'assessor', passwordHash })),
    );
  }

  const supervisorIds: string[] = [];
  for (let position = 0; position < demoTeams.length; position++) {
    const email = demoSupervisorEmail(position);
    const name = faker.person.fullName();
    const existing = await users.findByEmail(email);
    supervisorIds.push(
      existing?.id ?? (await users.insert({ name, email, role: 'supervisor', passwordHash })),
    );
  }

  const settings = await db
    .selectFrom('app_settings')
    .select(['key', 'value'])
    .where('key', 'in', [callingCalendarSettingKey, contactRulesSettingKey])
    .execute();
  const setting = (key: string) => settings.find((row) => row.key === key)?.value;
  const taken = await sql<{ phone: string }>`
    select phone from leads where phone is not null
    union select phone from lead_phones
    union select phone from do_not_call
    union select phone from block_list_phones
  `.execute(db);
  const random = demoRandom(options.seed);
  const people = demoPeople(
    random,
    options.seed + 1,
    options.leads,
    new Set(taken.rows.map((row) => row.phone)),
  );
  const plan = planDemo({
    people,
    assessors: options.assessors,
    now,
    random,
    calendar: storedCallingCalendar(setting(callingCalendarSettingKey)),
    rules: storedContactRules(setting(contactRulesSettingKey)),
  });
  log(
    `${plan.leads.length} leads em ${plan.batches.length} lotes, ${plan.distributions.length} distribuições, ${plan.attempts.length} ligações.`,
  );

  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    // The assessors were at work before the first list arrived.
    const since = plan.batches[0]?.createdAt ?? now;
    await client.query(
      `UPDATE users SET created_at = least(created_at, $2::timestamptz - interval '7 days')
       WHERE id = ANY($1::text[])`,
      [assessorIds, since],
    );
    await writeDemoPlan(client, { plan, people, admin, assessorIds });
    const spans = planDemoFloor({ attempts: plan.attempts, assessorIds, now, random });
    await writeDemoFloor(client, { spans, attempts: plan.attempts, assessorIds, supervisorIds });
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  await sql`ANALYZE leads, lead_history, lead_attempts, do_not_call, agent_state_log`.execute(db);
  return { assessorIds, plan };
}
