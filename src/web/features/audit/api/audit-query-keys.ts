import type { AuditFilter } from '../../../../core/audit.ts';

/** Every audit-log query starts with `all`, so one invalidation refreshes them all. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditFilter) => [...auditKeys.all, 'list', filter] as const,
};
