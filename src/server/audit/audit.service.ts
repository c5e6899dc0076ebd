import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuditAction, AuditPage, auditListQuerySchema } from '../../core/audit.ts';
import type { AuditEvent } from '../db/audit-step.ts';
import { decodeCursor, encodeCursor } from '../http/keyset-cursor.ts';
import { type AuditExecutor, type AuditRepository, insertAuditRow } from './audit.repository.ts';

/** Who acted and from where. */
export interface AuditSource {
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
}

export type { AuditEvent } from '../db/audit-step.ts';

/** One row to record: who and from where, and what. */
export type AuditEntryInput = AuditSource & AuditEvent;

/**
 * Who and from where, taken from a request: the signed-in user unless `actor` names someone
 * else (a sign-in is public, yet its actor is known once it succeeds).
 */
export function auditSourceOf(
  request: FastifyRequest,
  actor: { id: string | null; email: string | null } | null = request.sessionUser,
): AuditSource {
  const userAgent = request.headers['user-agent'];
  // An integration acts by its token: the log names the token, never a user's e-mail.
  const byToken = request.apiToken !== null && actor === request.sessionUser;
  return {
    actorId: actor?.id ?? null,
    actorEmail: byToken ? null : (actor?.email ?? null),
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}

const userAgentLength = 300;
const textLength = 500;
const listLength = 50;
const depthLimit = 4;
/** Keys whose values never belong in the log, whatever a caller passes. */
const secretKey = /pass|senha|token|secret|segredo|cookie|authori[sz]ation|hash|credential/i;

/**
 * The details as they are stored: no key that names a secret, texts and lists kept short,
 * so that no caller can turn the log into a copy of a password, a session or a lead list.
 */
export function sanitiseDetails(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.slice(0, textLength);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (depth >= depthLimit) return undefined;
  if (Array.isArray(value)) {
    return value.slice(0, listLength).map((item) => sanitiseDetails(item, depth + 1) ?? null);
  }
  if (typeof value === 'object') {
    const clean: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (secretKey.test(key)) continue;
      const kept = sanitiseDetails(item, depth + 1);
      if (kept !== undefined) clean[key] = kept;
    }
    return clean;
  }
  return undefined;
}

/**
 * A list filter as the log keeps it: the free-text search can be a name, a phone or a CPF,
 * personal data that must not outlive an erasure here, so only the fact that there was one
 * is kept.
 */
export function filterForAudit(filter: Record<string, unknown>): Record<string, unknown> {
  const { q, ...rest } = filter;
  const kept = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return q ? { ...kept, search: true } : kept;
}

/**
 * A lead's personal value as the log keeps it: its first character and last two, enough to
 * tell a correction from a slip without the log becoming a copy of the data an erasure
 * removes. A value too short to mask that way is kept as the mark alone.
 */
export function maskPersonalData(value: string | null): string | null {
  if (value === null) return null;
  return value.length < 6 ? '•••' : `${value.slice(0, 1)}•••${value.slice(-2)}`;
}

function cleanText(value: string | null, length: number): string | null {
  const text = value?.trim().slice(0, length);
  return text ? text : null;
}

export interface AuditRecorder {
  /** Appends one row with `executor`: inside a transaction, it commits or rolls back with it. */
  record(executor: AuditExecutor, entry: AuditEntryInput): Promise<void>;
}

export const auditRecorder: AuditRecorder = {
  async record(executor, entry) {
    await insertAuditRow(executor, {
      actorId: cleanText(entry.actorId, 64),
      actorEmail: cleanText(entry.actorEmail, 254)?.toLowerCase() ?? null,
      action: entry.action,
      targetType: entry.target ? entry.target.type.slice(0, 40) : null,
      targetId: entry.target ? String(entry.target.id).slice(0, 100) : null,
      details: (sanitiseDetails(entry.details ?? {}) ?? {}) as Record<string, unknown>,
      // Fastify's address is a socket's or a trusted proxy's X-Forwarded-For entry; only a
      // real address goes in the inet column.
      ip: entry.ip && net.isIP(entry.ip) ? entry.ip : null,
      userAgent: cleanText(entry.userAgent, userAgentLength),
    });
  },
};

export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export function createAuditService({ audit }: { audit: AuditRepository }) {
  return {
    async list(query: AuditListQuery): Promise<AuditPage> {
      const { cursor, limit, ...filter } = query;
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rows = await audit.listPage(filter, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: page.map((row) => ({
          ...row,
          action: row.action as AuditAction,
          at: row.at.toISOString(),
        })),
        nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
