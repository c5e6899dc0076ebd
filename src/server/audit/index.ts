import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';

export type { AuditExecutor } from './audit.repository.ts';
export type { AuditEntryInput, AuditEvent, AuditRecorder, AuditSource } from './audit.service.ts';
export {
  auditRecorder,
  auditSourceOf,
  filterForAudit,
  maskPersonalData,
} from './audit.service.ts';
export type { AuditTrail } from './audit-trail.ts';
export {
  recordAccessDenials,
  recordTokenUse,
  registerAuditTrail,
  systemAuditTrail,
} from './audit-trail.ts';

/**
 * The audit log's page: GET /api/audit. A change writes its row with `unit.audit(event)` in
 * its unit of work; `request.audit(event)` is for a request that changes no data (an export,
 * a sign-in).
 */
export const auditFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone },
) => {
  const auditService = createAuditService({ audit: createAuditRepository(database.db, timeZone) });
  await app.register(auditRoutes, { auditService });
};
