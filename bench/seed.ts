import { type Kysely, sql } from 'kysely';
import { attemptOutcomes } from '../src/core/lead-status.ts';
import { callbackOutcomeKey, outcomeKinds } from '../src/core/outcomes.ts';
import type { Database } from '../src/server/db/schema.ts';

const firstNames = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sofia',
  'Thiago',
  'Vitória',
  'Wesley',
  'Júlia',
  'Lucas',
  'Mariana',
  'Pedro',
  'Beatriz',
  'Gustavo',
];
const lastNames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Araújo',
];
const areaCodes = [11, 21, 31, 41, 51, 61, 71, 81, 85, 27, 47, 48, 62, 19, 12, 13];

/** Assessors with no password (they never sign in during the benchmarks). */
export async function seedAssessors(db: Kysely<Database>, count: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    INSERT INTO users (id, name, email, role)
    SELECT 'bench-assessor-' || n, 'Assessor ' || n, 'assessor' || n || '@bench.cca', 'assessor'
    FROM generate_series(1, ${count}) AS n
    RETURNING id
  `.execute(db);
  return rows.rows.map((row) => row.id);
}

/**
 * `count` leads in one statement: unique valid-looking mobile phones, pt-BR names, and a mix
 * of statuses where `ownedShare` of them belong to the assessors.
 */
export async function seedLeads(
  db: Kysely<Database>,
  count: number,
  assessorIds: string[],
  options: { newShare?: number } = {},
) {
  const newShare = options.newShare ?? 0.7;
  await sql`
    INSERT INTO leads (name, phone, phone_raw, email, city, uf, status, owner_id, assigned_at,
                       callback_at, next_call_at, next_call_reason, attempts, source, created_at)
    SELECT
      (${sql.val(firstNames)}::text[])[1 + n % ${firstNames.length}] || ' ' ||
        (${sql.val(lastNames)}::text[])[1 + (n / 7) % ${lastNames.length}] || ' ' ||
        (${sql.val(lastNames)}::text[])[1 + (n / 191) % ${lastNames.length}],
      '+55' || (${sql.val(areaCodes)}::int[])[1 + n % ${areaCodes.length}] || '9' || lpad(n::text, 8, '0'),
      '(' || (${sql.val(areaCodes)}::int[])[1 + n % ${areaCodes.length}] || ') 9' || lpad(n::text, 8, '0'),
      CASE WHEN n % 3 = 0 THEN 'lead' || n || '@exemplo.com.br' END,
      'Cidade ' || n % 500,
      'SP',
      s.status,
      CASE WHEN s.status IN ('new', 'recycled') THEN NULL
           ELSE (${sql.val(assessorIds)}::text[])[1 + n % ${Math.max(1, assessorIds.length)}] END,
      CASE WHEN s.status IN ('new', 'recycled') THEN NULL ELSE now() - (n % 30) * interval '1 day' END,
      CASE WHEN s.status = 'yellow' THEN now() + (n % 48) * interval '1 hour' END,
      -- A call-back waits for its time, as the call that set it planned (migration 0025).
      CASE WHEN s.status = 'yellow' THEN now() + (n % 48) * interval '1 hour'
           ELSE '-infinity' END,
      CASE WHEN s.status = 'yellow' THEN 'callback' END,
      CASE WHEN s.status IN ('new', 'assigned') THEN 0 ELSE 1 + n % 3 END,
      'Lista ' || (1 + n % 20),
      now() - (n % 365) * interval '1 day'
    FROM generate_series(1, ${count}) AS n
    CROSS JOIN LATERAL (
      SELECT CASE
        WHEN (n % 1000) < ${Math.round(newShare * 1000)} THEN 'new'
        ELSE (ARRAY['assigned', 'green', 'red', 'yellow', 'no_answer', 'recycled', 'red', 'assigned'])[1 + n % 8]
      END AS status
    ) AS s
  `.execute(db);
  // As autovacuum leaves a database that has been running a while: the figures then measure
  // the steady state, not a vacuum of a million fresh rows running beside the benchmark. The
  // whole database, not only leads: the names its trigger copied into lead_names took
  // autovacuum over a minute at 10M, beside the first suites' loads.
  await sql`VACUUM ANALYZE`.execute(db);
}

const callChunk = 1_000_000;
const callNotes = [
  'Pediu para ligar depois do almoço',
  'Atendeu a esposa, retornar à noite',
  'Quer proposta por e-mail',
  'Já tem plano com outra operadora',
  'Número de trabalho, só em horário comercial',
];

/**
 * `count` calls over the seeded leads, spread evenly over the `days` before now and written
 * oldest first, a chunk a stretch of days, as a centre records them: the summary rows of a day
 * sit together in their table, as they do there. Each call keeps what the assessors' screen
 * writes: the number and name dialled, a note on one in five, the agreed time of a call-back and
 * the kind of a no-answer. Set-based inserts, so the dashboard's statement triggers count them.
 */
export async function seedCalls(
  db: Kysely<Database>,
  count: number,
  assessorIds: string[],
  options: { days?: number } = {},
) {
  // 100 days: the dashboard's 30 hold about a third of them.
  const days = options.days ?? 100;
  const leads = await sql<{ first: number; count: number }>`
    select min(id) as first, count(*)::int as count from leads
  `.execute(db);
  const { first, count: leadCount } = leads.rows[0] ?? { first: 1, count: 1 };
  const secondsApart = (days * 24 * 60 * 60) / count;
  const kindsOutcome = outcomeKinds[0]?.outcome ?? '';
  const kinds = outcomeKinds
    .filter((kind) => kind.outcome === kindsOutcome)
    .map((kind) => kind.key);
  for (let offset = 0; offset < count; offset += callChunk) {
    // The ids are dense from `first`, so `first + n % leadCount` always names a lead.
    await sql`
      insert into lead_attempts (lead_id, assessor_id, outcome, channel, note, callback_at,
                                 created_at, lead_phone, lead_name, no_answer_kind)
      select l.id, c.assessor_id, c.outcome, c.channel,
        case when c.n % 5 = 0 then (${sql.val(callNotes)}::text[])[1 + c.n % ${callNotes.length}] end,
        case when c.outcome = ${callbackOutcomeKey} then c.created_at + interval '1 day' end,
        c.created_at, l.phone, l.name,
        case when c.outcome = ${kindsOutcome} and c.n % 3 > 0
          then (${sql.val(kinds)}::text[])[1 + c.n % ${Math.max(1, kinds.length)}] end
      from (
        select n, ${first}::bigint + n % ${leadCount} as lead_id,
          (${sql.val(assessorIds)}::text[])[1 + n % ${assessorIds.length}] as assessor_id,
          (${sql.val([...attemptOutcomes])}::text[])[1 + (n / 7) % ${attemptOutcomes.length}] as outcome,
          case when n % 4 = 0 then 'whatsapp' else 'phone' end as channel,
          now() - make_interval(secs => (${count}::bigint - n) * ${secondsApart}::float8) as created_at
        from generate_series(${offset + 1}::bigint, ${Math.min(offset + callChunk, count)}::bigint) as n
      ) c
      join leads l on l.id = c.lead_id
      order by c.n
    `.execute(db);
  }
  await sql`analyze lead_attempts`.execute(db);
  await sql`analyze attempt_daily_count_deltas`.execute(db);
}
