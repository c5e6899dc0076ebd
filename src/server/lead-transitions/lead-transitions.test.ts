import type { Insertable } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppEvent, eventChannel } from '../../core/events.ts';
import {
  type AttemptOutcome,
  attemptOutcomes,
  type LeadStatus,
  leadStatuses,
} from '../../core/lead-status.ts';
import { type LeadAction, leadActions, leadTransitions } from '../../core/lead-transitions.ts';
import type { LeadsTable } from '../db/schema.ts';
import {
  excelCsv,
  postForm,
  startTestImportWorker,
  waitForBatch,
} from '../imports/fixtures/import-fixtures.ts';
import type { ImportWorker } from '../imports/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { callActions } from './fixtures/call-actions.ts';
import {
  type Applied,
  eventAfter,
  expectHistory,
  expectTransition,
  historyOf,
  hoursFromNow,
  type LeadRow,
} from './fixtures/expect-transition.ts';

/**
 * Walks the whole transition table through the real API on the real database: for every
 * action and every status, a lead in that status changes exactly as the table says when the
 * action may start from it, and not at all otherwise; and every action announces its event.
 */

let t: TestApp;
let worker: ImportWorker;
let adminCookie: string;
let adminId: string;
let ana: TestUser;
let bruno: TestUser;
let listener: pg.Client;
const heard: AppEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  worker = startTestImportWorker(t);
  adminCookie = await t.signInAsAdmin();
  adminId = await t.adminId();
  ana = await t.createSignedInUser('assessor', 'Ana Transição');
  bruno = await t.createSignedInUser('assessor', 'Bruno Transição');
  listener = new pg.Client({ connectionString: t.database.connectionString });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.payload) heard.push(JSON.parse(message.payload) as AppEvent);
  });
  await listener.query(`listen ${eventChannel}`);
});

afterAll(async () => {
  await listener?.end();
  await worker?.stop();
  await t?.close();
});

const ownedBeforeAction = new Set<LeadStatus>(['assigned', 'green', 'yellow', 'red', 'no_answer']);

/** Every lead the walk seeded, as it was before its action. */
const seeded = new Map<number, LeadRow>();

async function seedLead(values: Partial<Insertable<LeadsTable>>): Promise<number> {
  const [id] = await t.seedLeads(1, values);
  const row = await t.database.db
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', id as number)
    .executeTakeFirstOrThrow();
  seeded.set(row.id, row);
  return row.id;
}

/** One lead in each status, as a real base holds them (owners only where a status has one). */
async function seedOnePerStatus(
  values: (status: LeadStatus) => Partial<Insertable<LeadsTable>> = () => ({}),
): Promise<Map<LeadStatus, number>> {
  const ids = new Map<LeadStatus, number>();
  for (const status of leadStatuses) {
    const owned = ownedBeforeAction.has(status);
    const id = await seedLead({
      status,
      owner_id: owned ? ana.id : null,
      last_owner_id: owned ? null : bruno.id,
      assigned_at: owned ? hoursFromNow(-48) : null,
      callback_at: status === 'yellow' ? hoursFromNow(-1) : null,
      status_changed_at: hoursFromNow(-72),
      attempts: 1,
      recycles: 1,
      ...values(status),
    });
    ids.set(status, id);
  }
  return ids;
}

async function rowsOf(ids: Iterable<number>): Promise<Map<number, LeadRow>> {
  const query = t.database.db.selectFrom('leads').selectAll();
  const rows = await query.where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

async function bulk(ids: number[], operation: unknown) {
  const response = await t.as(adminCookie).post('/api/leads/bulk', { target: { ids }, operation });
  expect(response.statusCode, response.body).toBe(200);
}

/** How each action is taken through the API: every action of the table has one. */
const apply: Record<LeadAction, () => Promise<Applied>> = {
  async import() {
    const file = excelCsv([
      ['Nome', 'Telefone'],
      ['Lead Importado', '(21) 97777-0101'],
    ]);
    const response = await postForm(t.app, '/api/imports', adminCookie, file, 'walk.csv');
    expect(response.statusCode, response.body).toBe(202);
    await waitForBatch(t.app, adminCookie, response.json().id);
    const row = await t.database.db
      .selectFrom('leads')
      .select('id')
      .where('phone', '=', '+5521977770101')
      .executeTakeFirstOrThrow();
    return { leads: new Map([['new', row.id]]) };
  },
  async distribute() {
    const leads = await seedOnePerStatus(() => ({ source: 'passeio' }));
    const response = await t.as(adminCookie).post('/api/distributions', {
      perAssessor: { [bruno.id]: 20 },
      pool: { kind: 'mixed', source: 'passeio' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { leads, assessorId: bruno.id };
  },
  ...callActions({
    t: () => t,
    adminCookie: () => adminCookie,
    assessor: () => ana,
    seedOnePerStatus,
    seeded,
  }),
  async undoOutcome() {
    // Each lead as a call by Ana left it, and that call's undo as the call would have stored it.
    const previous = {
      status: 'assigned',
      owner_id: ana.id,
      last_owner_id: null,
      callback_at: null,
      status_changed_at: hoursFromNow(-96),
    } as const;
    const leads = await seedOnePerStatus();
    for (const [status, id] of leads) {
      const lead = seeded.get(id) as LeadRow;
      // The undo knows its call by the lead's last change: the same instant, to the microsecond.
      await t.database.db
        .updateTable('leads')
        .set({ updated_at: lead.updated_at })
        .where('id', '=', id)
        .execute();
      const attempt = await t.database.db
        .insertInto('lead_attempts')
        .values({
          lead_id: id,
          assessor_id: ana.id,
          // A lead in the pool, the recycling or closed by its retries was last called unanswered.
          outcome: (attemptOutcomes as readonly LeadStatus[]).includes(status)
            ? (status as AttemptOutcome)
            : 'no_answer',
          channel: 'phone',
          created_at: lead.updated_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.database.db
        .insertInto('outcome_undo')
        .values({
          ...previous,
          assessor_id: ana.id,
          attempt_id: attempt.id,
          lead_id: id,
          recorded_at: lead.updated_at,
          last_note: null,
          blocked_phone: null,
        })
        .execute();
      const response = await t.as(ana).post(`/api/attempts/${attempt.id}/undo`);
      expect([200, 409], response.body).toContain(response.statusCode);
    }
    return { leads, previous };
  },
  async recycle() {
    // The walk's red lead is the only one the recycle finds.
    await t.database.db
      .updateTable('leads')
      .set({ status: 'green' })
      .where('status', '=', 'red')
      .execute();
    const leads = await seedOnePerStatus();
    const response = await t.as(adminCookie).post('/api/reciclarleadsteste');
    expect(response.statusCode, response.body).toBe(200);
    return { leads };
  },
  async returnToPool() {
    const leads = await seedOnePerStatus();
    await bulk([...leads.values()], { action: 'returnToPool' });
    return { leads };
  },
  async reassign() {
    const leads = await seedOnePerStatus();
    await bulk([...leads.values()], { action: 'reassign', assessorId: bruno.id });
    return { leads, assessorId: bruno.id };
  },
  async block() {
    const leads = await seedOnePerStatus();
    await bulk([...leads.values()], { action: 'doNotCall' });
    return { leads };
  },
  async blockByList() {
    const leads = await seedOnePerStatus();
    const phones = [...leads.values()].map((id) => [seeded.get(id)?.phone ?? '']);
    const fields = { name: 'Procon-SP (passeio)', listDate: '2026-01-15' };
    const file = excelCsv([['Telefone'], ...phones]);
    const response = await postForm(t.app, '/api/block-lists', adminCookie, file, 'p.csv', fields);
    expect(response.statusCode, response.body).toBe(200);
    return { leads };
  },
  async erase() {
    const leads = await seedOnePerStatus();
    await bulk([...leads.values()], { action: 'erase' });
    return { leads };
  },
  async mergeInto() {
    // Each lead has a twin of its CPF, which the merge keeps.
    const cpfOf = (status: LeadStatus) => String(leadStatuses.indexOf(status)).padStart(11, '7');
    const leads = await seedOnePerStatus((status) => ({ cpf: cpfOf(status) }));
    for (const [status, id] of leads) {
      const kept = await seedLead({ status: 'new', cpf: cpfOf(status) });
      const response = await t.as(adminCookie).post(`/api/leads/${kept}/merge`, { other: id });
      expect(response.statusCode, response.body).toBe(200);
    }
    return { leads };
  },
  async undoImport() {
    // An undo takes a whole batch or nothing: one batch per status.
    const leads = new Map<LeadStatus, number>();
    for (const status of leadStatuses) {
      const batch = await t.database.db
        .insertInto('import_batches')
        .values({
          file_name: `${status}.csv`,
          file_size: 10,
          format: 'csv',
          source: 'Planilha',
          mapping: {},
          status: 'done',
          created_by: adminId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const owned = ownedBeforeAction.has(status);
      const id = await seedLead({
        status,
        batch_id: batch.id,
        owner_id: owned ? ana.id : null,
        callback_at: status === 'yellow' ? hoursFromNow(-1) : null,
      });
      leads.set(status, id);
      await t.as(adminCookie).post(`/api/imports/${batch.id}/undo`);
    }
    return { leads };
  },
};

describe('the lead transition table', () => {
  it('gives every action a label, the statuses it starts from and its event', () => {
    for (const action of leadActions) {
      const transition = leadTransitions[action];
      expect(transition.label, action).not.toBe('');
      for (const status of transition.from) expect(leadStatuses, action).toContain(status);
    }
    expect(leadTransitions.import.from).toEqual([]);
  });

  for (const action of leadActions) {
    it(`${action}: changes exactly the leads the table allows, as it says, and announces ${leadTransitions[action].event}`, async () => {
      const since = heard.length;
      const startedAt = Date.now();
      const statuses = action === 'import' ? [] : leadStatuses;
      const applied = await apply[action]();
      const after = await rowsOf(applied.leads.values());
      const history = await historyOf(t.database.db, applied.leads.values());
      for (const status of statuses) {
        const id = applied.leads.get(status) as number;
        const before = seeded.get(id) as LeadRow;
        expectTransition(action, before, after.get(id), applied);
        expectHistory(action, before, after.get(id), {
          history: history.last.get(id),
          listed: before.phone !== null && history.listed.has(before.phone),
          applied,
        });
      }
      if (action === 'import') {
        const lead = after.get(applied.leads.get('new') as number);
        expect(lead).toMatchObject({ status: 'new', owner_id: null, assigned_at: null });
        expect(lead?.created_at.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
      }
      expect(await eventAfter(heard, since, leadTransitions[action].event), action).toBeDefined();
    });
  }
});
