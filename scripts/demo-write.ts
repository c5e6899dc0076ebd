import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { defaultRecyclingRules } from '../src/core/recycling.ts';
import type { DemoPerson } from './demo-people.ts';
import type { DemoPlan } from './demo-plan.ts';

/** Who the demo's administrator is, for the history, the distributions and the audit log. */
export interface DemoAdmin {
  id: string;
  name: string;
  email: string;
}

/** An administrator's office browser, as the audit log keeps it. */
const officeBrowser = {
  ip: '192.168.0.12',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
};

type Cell = string | number | Date | null;
const copyField = (value: Cell) => {
  if (value === null) return '\\N';
  if (value instanceof Date) return value.toISOString();
  return String(value).replace(/[\\\t\n\r]/g, ' ');
};

async function copyInto(client: pg.PoolClient, table: string, rows: Iterable<Cell[]>) {
  function* lines() {
    for (const row of rows) yield `${row.map(copyField).join('\t')}\n`;
  }
  await pipeline(Readable.from(lines()), client.query(copyFrom(`COPY ${table} FROM STDIN`)));
}

async function audit(
  client: pg.PoolClient,
  admin: DemoAdmin,
  row: { at: Date; action: string; target?: [string, string]; details: object },
) {
  await client.query(
    `INSERT INTO audit_log (at, actor_id, actor_email, action, target_type, target_id, details,
       ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.at,
      admin.id,
      admin.email,
      row.action,
      row.target?.[0] ?? null,
      row.target?.[1] ?? null,
      JSON.stringify(row.details),
      officeBrowser.ip,
      officeBrowser.userAgent,
    ],
  );
}

/**
 * Writes the planned centre in one transaction, set by set: the leads as their calls left them,
 * then their calls (the dashboard's daily counts are kept by the tables' triggers), history,
 * block list, distributions and the audit rows the app writes for imports, distributions and
 * the recycling.
 */
export async function writeDemoPlan(
  client: pg.PoolClient,
  input: { plan: DemoPlan; people: DemoPerson[]; admin: DemoAdmin; assessorIds: string[] },
) {
  const { plan, people, admin, assessorIds } = input;
  const batchIds: number[] = [];
  for (const batch of plan.batches) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO import_batches (file_name, file_size, format, source, legal_basis, mapping,
         columns, status, total_rows, processed_rows, inserted, created_by, created_at,
         started_at, finished_at, heartbeat_at)
       VALUES ($1, $2, 'csv', $3, 'consent', $4, $5, 'done', $6, $6, $6, $7, $8, $9, $10, $10)
       RETURNING id`,
      [
        batch.fileName,
        batch.count * 92,
        batch.source,
        JSON.stringify({
          Nome: 'name',
          Telefone: 'phone',
          'E-mail': 'email',
          CPF: 'cpf',
          Cidade: 'city',
          UF: 'uf',
        }),
        JSON.stringify(['Nome', 'Telefone', 'E-mail', 'CPF', 'Cidade', 'UF']),
        batch.count,
        admin.id,
        batch.createdAt,
        batch.startedAt,
        batch.finishedAt,
      ],
    );
    const id = (rows[0] as { id: number }).id;
    batchIds.push(id);
    await audit(client, admin, {
      at: batch.createdAt,
      action: 'import.started',
      target: ['import', String(id)],
      details: {
        fileName: batch.fileName,
        fileSize: batch.count * 92,
        format: 'csv',
        source: batch.source,
        legalBasis: 'consent',
      },
    });
  }

  await client.query(`CREATE TEMP TABLE demo_leads (ord int PRIMARY KEY, name text, phone text,
    phone_raw text, email text, cpf text, city text, uf text, batch int, status text, owner int,
    last_owner int, assigned_at timestamptz, callback_at timestamptz, next_call_at timestamptz,
    next_call_reason text, status_changed_at timestamptz, updated_at timestamptz, attempts int,
    recycles int, last_note text, created_at timestamptz) ON COMMIT DROP`);
  await copyInto(
    client,
    'demo_leads',
    plan.leads.map((lead, ord) => {
      const person = people[ord] as DemoPerson;
      return [
        ord,
        person.name,
        person.phone,
        person.phoneRaw,
        person.email,
        person.cpf,
        person.city,
        person.uf,
        lead.batch,
        lead.status,
        lead.owner,
        lead.lastOwner,
        lead.assignedAt,
        lead.callbackAt,
        lead.nextCallAt,
        lead.nextCallReason,
        lead.statusChangedAt,
        lead.updatedAt,
        lead.attempts,
        lead.recycles,
        lead.lastNote,
        lead.createdAt,
      ];
    }),
  );
  const owners = `($1::text[])`;
  await client.query(
    `INSERT INTO leads (name, phone, phone_raw, email, cpf, city, uf, batch_id, source, status,
       owner_id, last_owner_id, assigned_at, callback_at, next_call_at, next_call_reason,
       status_changed_at, updated_at, attempts, recycles, last_note, created_at)
     SELECT d.name, d.phone, d.phone_raw, d.email, d.cpf, d.city, d.uf, b.id, b.source, d.status,
       ${owners}[d.owner + 1], ${owners}[d.last_owner + 1], d.assigned_at, d.callback_at,
       coalesce(d.next_call_at, '-infinity'), d.next_call_reason, d.status_changed_at,
       d.updated_at, d.attempts, d.recycles, d.last_note, d.created_at
     FROM demo_leads d JOIN import_batches b ON b.id = ($2::bigint[])[d.batch + 1]
     ORDER BY d.ord`,
    [assessorIds, batchIds],
  );
  await client.query(`CREATE TEMP TABLE demo_ids ON COMMIT DROP AS
    SELECT d.ord, l.id, l.phone, l.name FROM demo_leads d JOIN leads l ON l.phone = d.phone`);
  await client.query('ALTER TABLE demo_ids ADD PRIMARY KEY (ord)');

  await client.query(`CREATE TEMP TABLE demo_attempts (seq int, ord int, assessor int,
    outcome text, no_answer_kind text, channel text, note text, callback_at timestamptz,
    created_at timestamptz, outside_window_reason text) ON COMMIT DROP`);
  await copyInto(
    client,
    'demo_attempts',
    plan.attempts.map((attempt, seq) => [
      seq,
      attempt.lead,
      attempt.assessor,
      attempt.outcome,
      attempt.noAnswerKind,
      attempt.channel,
      attempt.note,
      attempt.callbackAt,
      attempt.at,
      attempt.outsideWindowReason,
    ]),
  );
  await client.query(
    `INSERT INTO lead_attempts (lead_id, assessor_id, outcome, no_answer_kind, channel, note,
       callback_at, created_at, outside_window_reason, lead_phone, lead_name)
     SELECT i.id, ($1::text[])[a.assessor + 1], a.outcome, a.no_answer_kind, a.channel, a.note,
       a.callback_at, a.created_at, a.outside_window_reason, i.phone, i.name
     FROM demo_attempts a JOIN demo_ids i ON i.ord = a.ord ORDER BY a.seq`,
    [assessorIds],
  );
  await client.query(
    `INSERT INTO do_not_call (phone, reason, created_by, created_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[])
     ON CONFLICT (phone) DO NOTHING`,
    [
      plan.blocked.map((entry) => entry.phone),
      plan.blocked.map((entry) => entry.reason),
      plan.blocked.map((entry) => assessorIds[entry.assessor]),
      plan.blocked.map((entry) => entry.at),
    ],
  );

  const names = await client.query<{ id: string; name: string }>(
    'SELECT id, name FROM users WHERE id = ANY($1::text[])',
    [assessorIds],
  );
  const nameOf = new Map(names.rows.map((row) => [row.id, row.name]));
  const distributionIds: number[] = [];
  for (const distribution of plan.distributions) {
    const assigned = distribution.shares.reduce((sum, share) => sum + share.assigned, 0);
    const requested = distribution.each * distribution.shares.length;
    const request = { each: distribution.each, pool: { kind: 'mixed', preferCallableToday: true } };
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO distributions (created_by, created_at, request, requested, assigned, result)
       VALUES ($1, $2, $3, $4, $5, '{}') RETURNING id`,
      [admin.id, distribution.at, JSON.stringify(request), requested, assigned],
    );
    const id = (rows[0] as { id: number }).id;
    distributionIds.push(id);
    const shares = distribution.shares.map((share) => ({
      assessorId: assessorIds[share.assessor] as string,
      assessorName: nameOf.get(assessorIds[share.assessor] as string) ?? '',
      requested: share.requested,
      assigned: share.assigned,
      recycled: 0,
    }));
    const result = {
      id,
      createdAt: distribution.at.toISOString(),
      createdByName: admin.name,
      requested,
      assigned,
      shortfall: requested - assigned,
      shares,
    };
    await client.query('UPDATE distributions SET result = $2 WHERE id = $1', [
      id,
      JSON.stringify(result),
    ]);
    await client.query(
      `INSERT INTO distribution_shares (distribution_id, assessor_id, requested, assigned, recycled)
       SELECT $1, * FROM unnest($2::text[], $3::int[], $4::int[], $5::int[])`,
      [
        id,
        shares.map((share) => share.assessorId),
        shares.map((share) => share.requested),
        shares.map((share) => share.assigned),
        shares.map(() => 0),
      ],
    );
    await audit(client, admin, {
      at: distribution.at,
      action: 'distribution.created',
      target: ['distribution', String(id)],
      details: {
        requested,
        assigned,
        shortfall: requested - assigned,
        pool: request.pool,
        assessors: shares.filter((share) => share.assigned > 0).length,
      },
    });
  }

  await client.query(`CREATE TEMP TABLE demo_history (seq int, ord int, by int,
    changed_at timestamptz, from_status text, to_status text, from_owner int, to_owner int,
    reason text, distribution int) ON COMMIT DROP`);
  await copyInto(
    client,
    'demo_history',
    plan.history.map((row, seq) => [
      seq,
      row.lead,
      row.by === 'admin' ? null : row.by,
      row.at,
      row.fromStatus,
      row.toStatus,
      row.fromOwner,
      row.toOwner,
      typeof row.reason === 'string' ? row.reason : null,
      typeof row.reason === 'string' ? null : row.reason.distribution,
    ]),
  );
  await client.query(
    `INSERT INTO lead_history (lead_id, changed_by, changed_at, from_status, to_status,
       from_owner_id, to_owner_id, reason)
     SELECT i.id, coalesce(($1::text[])[h.by + 1], $2), h.changed_at, h.from_status, h.to_status,
       ($1::text[])[h.from_owner + 1], ($1::text[])[h.to_owner + 1],
       coalesce(h.reason, 'Distribuição #' || ($3::bigint[])[h.distribution + 1])
     FROM demo_history h JOIN demo_ids i ON i.ord = h.ord ORDER BY h.seq`,
    [assessorIds, admin.id, distributionIds],
  );
  for (const recycle of plan.recycles) {
    await audit(client, admin, {
      at: recycle.at,
      action: 'recycle.run',
      details: { recycled: recycle.recycled, rules: defaultRecyclingRules },
    });
  }
}
