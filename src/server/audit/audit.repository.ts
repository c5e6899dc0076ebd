import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AuditFilter } from '../../core/audit.ts';
import type { AuditExecutor } from '../db/audit-step.ts';
import { type LocalTime, localTime } from '../db/local-time.ts';
import type { Database } from '../db/schema.ts';

export type { AuditExecutor } from '../db/audit-step.ts';

export interface NewAuditRow {
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditRow extends NewAuditRow {
  id: number;
  at: Date;
  actorName: string | null;
}

export async function insertAuditRow(executor: AuditExecutor, row: NewAuditRow): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      details: JSON.stringify(row.details),
      ip: row.ip,
      user_agent: row.userAgent,
    })
    .execute();
}

/** The condition of a filter on `audit_log a`, or `true`; days are the call centre's. */
function auditCondition(filter: AuditFilter, local: LocalTime): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filter.action) conditions.push(sql<SqlBool>`a.action = ${filter.action}`);
  if (filter.actor) conditions.push(sql<SqlBool>`a.actor_id = ${filter.actor}`);
  if (filter.from) {
    conditions.push(sql<SqlBool>`a.at >= ${local.dayStart(filter.from)}`);
  }
  if (filter.to) {
    conditions.push(sql<SqlBool>`a.at < ${local.dayEnd(filter.to)}`);
  }
  return conditions.length > 0 ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : sql`true`;
}

/** `timeZone`: the call centre's (TIME_ZONE), whose days the filters name. */
export function createAuditRepository(db: Kysely<Database>, timeZone: string) {
  const local = localTime(timeZone);
  return {
    /** One page, newest first: `id < after` keeps it an index range at any depth. */
    listPage(filter: AuditFilter, after: number | undefined, limit: number): Promise<AuditRow[]> {
      return (
        db
          .selectFrom('audit_log as a')
          .leftJoin('users as u', 'u.id', 'a.actor_id')
          // An integration's rows name its token (actor_id 'api-token:<id>').
          .leftJoin('api_tokens as t', (join) =>
            join.on(sql<SqlBool>`a.actor_id = 'api-token:' || t.id`),
          )
          .select([
            'a.id',
            'a.at',
            'a.actor_id as actorId',
            'a.actor_email as actorEmail',
            sql<string | null>`coalesce(u.name, 'Token de API: ' || t.name)`.as('actorName'),
            'a.action',
            'a.target_type as targetType',
            'a.target_id as targetId',
            'a.details',
            'a.ip',
            'a.user_agent as userAgent',
          ])
          .where(auditCondition(filter, local))
          .$if(after !== undefined, (query) => query.where('a.id', '<', after as number))
          .orderBy('a.id', 'desc')
          .limit(limit)
          .execute()
      );
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
