/**
 * `npm run demo`: fills the CCA database with realistic fake data to try the product —
 * 100 000 leads with pt-BR names, valid Brazilian mobiles and CPFs, a few assessors, one
 * import batch, and a part of the leads distributed and called, with history and calls.
 * Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (stop CCA first).
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fakerPT_BR as faker } from '@faker-js/faker';
import { sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import { normaliseBrazilianPhone } from '../src/core/phone.ts';
import { hashPassword } from '../src/server/auth/password-hashing.ts';
import { createDatabase, migrateToLatest } from '../src/server/db/database.ts';
import {
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from '../src/server/db/embedded-postgres.ts';
import { ensureFirstAdmin } from '../src/server/users/first-admin.ts';
import { createUserRepository } from '../src/server/users/user.repository.ts';

const leadCount = Number(process.env.DEMO_LEADS ?? 100_000);
const assessorPassword = 'Assessor-demo-2026';
const log = (message: string) => console.log(`[demo] ${message}`);

/** Area codes with a city of their own, so city, UF and DDD agree. */
const places: [ddd: string, city: string, uf: string][] = [
  ['11', 'São Paulo', 'SP'],
  ['19', 'Campinas', 'SP'],
  ['13', 'Santos', 'SP'],
  ['21', 'Rio de Janeiro', 'RJ'],
  ['31', 'Belo Horizonte', 'MG'],
  ['41', 'Curitiba', 'PR'],
  ['48', 'Florianópolis', 'SC'],
  ['51', 'Porto Alegre', 'RS'],
  ['61', 'Brasília', 'DF'],
  ['62', 'Goiânia', 'GO'],
  ['27', 'Vitória', 'ES'],
  ['71', 'Salvador', 'BA'],
  ['81', 'Recife', 'PE'],
  ['85', 'Fortaleza', 'CE'],
  ['91', 'Belém', 'PA'],
  ['92', 'Manaus', 'AM'],
];

function digits(count: number): string {
  let text = '';
  for (let index = 0; index < count; index++) text += String(randomInt(10));
  return text;
}

function cpf(): string {
  const base = digits(9);
  const check = (text: string) => {
    let sum = 0;
    for (let index = 0; index < text.length; index++) {
      sum += Number(text[index]) * (text.length + 1 - index);
    }
    const remainder = (sum * 10) % 11;
    return remainder === 10 ? '0' : String(remainder);
  };
  const first = check(base);
  return base + first + check(base + first);
}

/** A mobile as someone would type it in a spreadsheet. */
function spell(ddd: string, number: string): string {
  const [head, tail] = [number.slice(0, 5), number.slice(5)];
  switch (randomInt(4)) {
    case 0:
      return `(${ddd}) ${head}-${tail}`;
    case 1:
      return `${ddd}${number}`;
    case 2:
      return `+55 ${ddd} ${head}-${tail}`;
    default:
      return `${ddd} ${head} ${tail}`;
  }
}

const copyField = (value: string | null) =>
  value === null ? '\\N' : value.replace(/[\\\t\n\r]/g, ' ');

function* leadLines(phones: Set<string>) {
  const now = Date.now();
  for (let index = 0; index < leadCount; index++) {
    const place = places[randomInt(places.length)] as (typeof places)[number];
    const [ddd, city, uf] = place;
    let e164: string;
    let number: string;
    do {
      number = `9${randomInt(6, 10)}${digits(7)}`;
      const phone = normaliseBrazilianPhone(`${ddd}${number}`);
      e164 = phone.ok ? phone.e164 : '';
    } while (e164 === '' || phones.has(e164));
    phones.add(e164);
    const firstName = faker.person.firstName();
    const lastName = `${faker.person.lastName()} ${faker.person.lastName()}`;
    const email =
      randomInt(10) < 6
        ? faker.internet.email({ firstName, lastName, provider: 'exemplo.com.br' }).toLowerCase()
        : null;
    const createdAt = new Date(now - randomInt(90 * 24 * 3600) * 1000).toISOString();
    yield `${[
      `${firstName} ${lastName}`,
      e164,
      spell(ddd, number),
      email,
      randomInt(10) < 7 ? cpf() : null,
      city,
      uf,
      createdAt,
    ]
      .map(copyField)
      .join('\t')}\n`;
  }
}

async function main() {
  const startedAt = Date.now();
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres(path.resolve(process.env.DATA_DIR ?? './data'), log);
    connectionString = embedded.connectionString;
  }
  const database = createDatabase({ connectionString, poolSize: 2, statementTimeoutMs: 600_000 });
  try {
    await migrateToLatest(database.db);
    const users = createUserRepository(database.db);
    const admin = await ensureFirstAdmin(users, {
      email: process.env.ADMIN_EMAIL,
      password: process.env.ADMIN_PASSWORD,
      name: process.env.ADMIN_NAME ?? 'Administrador',
    });
    if (admin?.generatedPassword) {
      log(`Administrador criado: ${admin.email} / senha ${admin.generatedPassword}`);
    }
    const adminRow = await database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();

    const assessorIds: string[] = [];
    const passwordHash = await hashPassword(assessorPassword);
    for (let index = 1; index <= 5; index++) {
      const email = `assessor${index}@cca.local`;
      const existing = await users.findByEmail(email);
      assessorIds.push(
        existing?.id ??
          (await users.insert({
            name: faker.person.fullName(),
            email,
            role: 'assessor',
            passwordHash,
          })),
      );
    }
    log(`Assessores: assessor1@cca.local … assessor5@cca.local, senha ${assessorPassword}`);

    const batch = await database.db
      .insertInto('import_batches')
      .values({
        file_name: `demo-leads-${new Date().toISOString().slice(0, 10)}.csv`,
        file_size: leadCount * 90,
        format: 'csv',
        source: 'Demonstração',
        mapping: {},
        status: 'done',
        total_rows: leadCount,
        processed_rows: leadCount,
        created_by: adminRow.id,
        started_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const existingPhones = await database.db
      .selectFrom('leads')
      .select('phone')
      .where('phone', 'is not', null)
      .execute();
    const phones = new Set(existingPhones.map((row) => row.phone as string));

    const client = await database.pool.connect();
    let inserted = 0;
    try {
      await client.query('BEGIN');
      await client.query(`CREATE TEMP TABLE demo_leads (
        name text, phone text, phone_raw text, email text, cpf text, city text, uf text,
        created_at timestamptz) ON COMMIT DROP`);
      await pipeline(leadLines(phones), client.query(copyFrom('COPY demo_leads FROM STDIN')));
      const result = await client.query(
        `INSERT INTO leads (name, phone, phone_raw, email, cpf, city, uf, created_at, updated_at,
           status_changed_at, batch_id, source)
         SELECT name, phone, phone_raw, email, cpf, city, uf, created_at, created_at, created_at,
           $1, 'Demonstração'
         FROM demo_leads d
         WHERE NOT EXISTS (SELECT 1 FROM do_not_call b WHERE b.phone = d.phone)
         ON CONFLICT (phone) DO NOTHING`,
        [batch.id],
      );
      inserted = result.rowCount ?? 0;
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    log(`${inserted} leads inseridos no lote ${batch.id}.`);

    await database.db.transaction().execute(async (trx) => {
      // About 15 % handed to the assessors over the last days.
      await sql`
        WITH picked AS (
          SELECT id, created_at, row_number() OVER (ORDER BY id) AS rn
          FROM leads WHERE batch_id = ${batch.id} AND status = 'new' AND random() < 0.15
        ), assigned AS (
          UPDATE leads l SET status = 'assigned',
            owner_id = (${assessorIds}::text[])[1 + (p.rn % ${assessorIds.length})],
            assigned_at = greatest(p.created_at, now() - random() * interval '10 days'),
            status_changed_at = now(), updated_at = now()
          FROM picked p WHERE l.id = p.id
          RETURNING l.id, l.owner_id, l.assigned_at
        )
        INSERT INTO lead_history (lead_id, changed_by, changed_at, from_status, to_status,
          to_owner_id, reason)
        SELECT id, ${adminRow.id}, assigned_at, 'new', 'assigned', owner_id, 'Distribuição diária'
        FROM assigned
      `.execute(trx);
      // Most of them called once, with every outcome.
      await sql`
        WITH picked AS MATERIALIZED (
          SELECT id, owner_id, assigned_at, name, phone,
            (ARRAY['green','green','green','red','red','red','yellow','yellow','no_answer',
              'no_answer','invalid','do_not_call'])[1 + floor(random() * 12)::int] AS outcome,
            assigned_at + random() * (now() - assigned_at) AS at,
            CASE WHEN random() < 0.3 THEN 'whatsapp' ELSE 'phone' END AS channel
          FROM leads WHERE batch_id = ${batch.id} AND status = 'assigned' AND random() < 0.7
        ), timed AS MATERIALIZED (
          SELECT *, CASE WHEN outcome = 'yellow'
            THEN date_trunc('hour', now()) + (1 + floor(random() * 72)) * interval '1 hour'
          END AS callback_at FROM picked
        ), calls AS (
          INSERT INTO lead_attempts (lead_id, assessor_id, outcome, channel, note, callback_at,
            created_at, lead_name, lead_phone)
          SELECT id, owner_id, outcome, channel, CASE outcome
              WHEN 'green' THEN 'Aceitou fazer o cadastro.'
              WHEN 'red' THEN 'Não tem interesse no momento.'
              WHEN 'yellow' THEN 'Pediu para ligar mais tarde.'
              WHEN 'no_answer' THEN 'Caixa postal.'
              WHEN 'invalid' THEN 'Número não existe.'
              ELSE 'Pediu para não ser mais contatado.'
            END, callback_at, at, name, phone
          FROM timed
        ), blocked AS (
          INSERT INTO do_not_call (phone, reason, created_by)
          SELECT l.phone, 'Pediu para não ligar', t.owner_id
          FROM timed t JOIN leads l ON l.id = t.id
          WHERE t.outcome = 'do_not_call'
          ON CONFLICT (phone) DO NOTHING
        ), changed AS (
          UPDATE leads l SET status = t.outcome, attempts = l.attempts + 1,
            callback_at = t.callback_at, status_changed_at = t.at, updated_at = t.at
          FROM timed t WHERE l.id = t.id
        )
        INSERT INTO lead_history (lead_id, changed_by, changed_at, from_status, to_status,
          from_owner_id, to_owner_id, reason)
        SELECT id, owner_id, at, 'assigned', outcome, owner_id, owner_id, 'Ligação registrada'
        FROM timed
      `.execute(trx);
      await trx
        .updateTable('import_batches')
        .set({ inserted, duplicates: leadCount - inserted, finished_at: new Date() })
        .where('id', '=', batch.id)
        .execute();
    });
    await sql`ANALYZE leads, lead_history, lead_attempts, do_not_call`.execute(database.db);

    const counts = await database.db
      .selectFrom('leads')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('batch_id', '=', batch.id)
      .groupBy('status')
      .orderBy('status')
      .execute();
    log(counts.map((row) => `${row.status}: ${row.count}`).join(', '));
    log(`Pronto em ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
