import { systemAuditTrail } from '../audit/index.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createUnitOfWork, type RunUnitOfWork } from '../db/unit-of-work.ts';
import type { EventPublisher } from '../events/index.ts';
import { startRepeatingTask } from '../repeating-task.ts';
import { createLeadChangeRepository, type LeadChangeRepository } from './lead-change.repository.ts';

/** Leads erased per transaction: each batch holds its locks only briefly. */
export const retentionBatchSize = 10_000;

const dayMs = 24 * 60 * 60 * 1000;

/** `months` calendar months before `now`; a day the month lacks becomes its last (31/03 → 28/02). */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(
    Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0),
  ).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

export interface RetentionRun {
  /** Leads whose personal data this run erased. */
  erased: number;
  /** False when another server was running the retention: this one left it to it. */
  ran: boolean;
}

/**
 * Erases the personal data of every lead untouched (no change, no call, no status change)
 * for more than `months` months at `now`, in batches; the same erasure as the bulk action.
 */
export async function eraseUntouchedLeads(
  leads: LeadChangeRepository,
  {
    months,
    now,
    unitOfWork,
    batchSize = retentionBatchSize,
  }: {
    months: number;
    now: Date;
    /** Each batch's erasure, its audit row and its event are one unit of work. */
    unitOfWork: RunUnitOfWork;
    batchSize?: number;
  },
): Promise<RetentionRun> {
  const cutoff = retentionCutoff(now, months);
  const reason = `Dados apagados (LGPD): sem movimento há mais de ${months} ${months === 1 ? 'mês' : 'meses'}`;
  let erased = 0;
  let after = 0;
  let ran = false;
  for (;;) {
    // Each batch commits on its own, so its locks are held only briefly, with its audit row.
    const batch = await unitOfWork(systemAuditTrail(leads.db), async (unit) => {
      const done = await leads
        .within(unit.trx)
        .eraseUntouchedSince(cutoff, after, batchSize, reason);
      if (done.erased > 0) {
        await unit.audit({
          action: 'lead.erased',
          details: { erased: done.erased, retentionMonths: months },
        });
      }
      // The lists that lost a lead refetch once the batch has committed.
      if (done.ownerIds.length > 0) unit.publish(done.event);
      return done;
    });
    // Another server took the lock: it carries on from where the leads are.
    if (!batch.locked) return { erased, ran };
    ran = true;
    erased += batch.erased;
    if (batch.lastId === null || batch.erased < batchSize) return { erased, ran: true };
    after = batch.lastId;
  }
}

export interface LeadRetentionJob {
  stop(): Promise<void>;
}

/** Runs the retention at start and then every `intervalMs` (24 h); off when `months` is 0. */
export function startLeadRetention(options: {
  database: DatabaseHandle;
  events: Pick<EventPublisher, 'publish'>;
  months: number;
  /** The call centre's zone (TIME_ZONE). */
  timeZone: string;
  log: (message: string) => void;
  intervalMs?: number;
  now?: () => Date;
}): LeadRetentionJob {
  const { months, log } = options;
  if (months <= 0) return { stop: async () => {} };
  const leads = createLeadChangeRepository(options.database.db, options.timeZone);
  const now = options.now ?? (() => new Date());
  const unitOfWork = createUnitOfWork(options.database.db, options.events);
  return startRepeatingTask(options.intervalMs ?? dayMs, () =>
    eraseUntouchedLeads(leads, { months, now: now(), unitOfWork })
      .then(({ erased, ran }) => {
        if (ran) {
          log(
            `retenção LGPD: dados pessoais apagados de ${erased} ${erased === 1 ? 'lead' : 'leads'} sem movimento há mais de ${months} ${months === 1 ? 'mês' : 'meses'}`,
          );
        }
      })
      .catch((error: unknown) => {
        log(`retenção LGPD falhou: ${error instanceof Error ? error.message : String(error)}`);
      }),
  );
}
