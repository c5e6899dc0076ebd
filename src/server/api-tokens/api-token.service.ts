import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type ApiScope,
  type ApiToken,
  apiTokenPattern,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '../../core/api-tokens.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import type { ApiTokenPrincipal } from '../http/access.ts';
import { AppError } from '../http/app-error.ts';
import type { ApiTokenRepository, ApiTokenRow } from './api-token.repository.ts';

const publicIdAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** last_used_at is a hint for the admin, not a log: written at most once a minute. */
const touchEveryMs = 60_000;
/**
 * How long a token this process verified keeps its own rate-limit allowance without being
 * verified again; an integration that calls less often has its next call counted against its
 * address, once.
 */
const rememberVerifiedMs = 10 * 60_000;

function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

function newPublicId(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (byte) => publicIdAlphabet[byte % publicIdAlphabet.length]).join('');
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: `cca_${row.publicId}`,
    scopes: row.scopes,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function createApiTokenService({
  tokens,
  unitOfWork,
  now = () => Date.now(),
}: {
  tokens: ApiTokenRepository;
  unitOfWork: RunUnitOfWork;
  now?: () => number;
}) {
  /**
   * The tokens this process verified lately, by public id: the hash of the whole token and
   * until when. Only real tokens enter, so made-up ones cannot grow it.
   */
  const verified = new Map<string, { tokenId: number; hash: Buffer; until: number }>();

  return {
    async list(): Promise<ApiToken[]> {
      return (await tokens.list()).map(toApiToken);
    },

    /** Creates a token and answers its secret, which is never kept nor shown again. */
    async create(
      body: CreateApiTokenBody,
      createdBy: string,
      audit: AuditTrail,
    ): Promise<CreatedApiToken> {
      const publicId = newPublicId();
      const secret = `cca_${publicId}_${randomBytes(32).toString('base64url')}`;
      const scopes = [...new Set(body.scopes)] as ApiScope[];
      const id = await unitOfWork(audit, async (unit) => {
        const tokenId = await tokens.insert(unit.trx, {
          name: body.name,
          publicId,
          secretHash: hashSecret(secret),
          scopes,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
          createdBy,
        });
        await unit.audit({
          action: 'api_token.created',
          target: { type: 'api_token', id: tokenId },
          details: { name: body.name, scopes, expiresAt: body.expiresAt ?? null },
        });
        return tokenId;
      });
      const row = await tokens.find(id);
      if (!row) throw new AppError('INTERNAL');
      return { token: toApiToken(row), secret };
    },

    async revoke(id: number, audit: AuditTrail): Promise<ApiToken> {
      await unitOfWork(audit, async (unit) => {
        if (!(await tokens.revoke(unit.trx, id))) {
          throw new AppError('NOT_FOUND', 'Token não encontrado ou já revogado.');
        }
        await unit.audit({ action: 'api_token.revoked', target: { type: 'api_token', id } });
      });
      for (const [publicId, entry] of verified) {
        if (entry.tokenId === id) verified.delete(publicId);
      }
      const row = await tokens.find(id);
      if (!row) throw new AppError('NOT_FOUND', 'Token não encontrado.');
      return toApiToken(row);
    },

    /**
     * The integration a presented token belongs to, or INVALID_API_TOKEN: one answer for a
     * token that never existed, a wrong secret, a revoked or an expired one, so a caller
     * learns nothing by trying.
     */
    async authenticate(presented: string): Promise<ApiTokenPrincipal> {
      const match = apiTokenPattern.exec(presented);
      const publicId = match?.[1];
      const stored = publicId ? await tokens.findByPublicId(publicId) : undefined;
      const hash = hashSecret(presented);
      const valid =
        stored !== undefined &&
        stored.secretHash.length === hash.length &&
        timingSafeEqual(stored.secretHash, hash) &&
        stored.revokedAt === null &&
        (stored.expiresAt === null || stored.expiresAt.getTime() > now());
      if (!valid || !stored || !publicId) throw new AppError('INVALID_API_TOKEN');
      verified.set(publicId, { tokenId: stored.id, hash, until: now() + rememberVerifiedMs });
      if (!stored.lastUsedAt || now() - stored.lastUsedAt.getTime() > touchEveryMs) {
        await tokens.touch(stored.id);
      }
      return { id: stored.id, name: stored.name, scopes: stored.scopes };
    },

    /**
     * The public id of a presented token when this process verified that very token lately,
     * from a hash and no database: the rate limiter's key, computed before the access check
     * verifies the token. A made-up id or a wrong secret answers undefined, so it is counted
     * against the address that sent it and never spends a real token's allowance. It grants
     * nothing: a token revoked on another server keeps its key here a few minutes, and
     * `authenticate` refuses it all the same.
     */
    recentlyVerifiedPublicId(presented: string | undefined): string | undefined {
      const publicId = apiTokenPattern.exec(presented ?? '')?.[1];
      const entry = publicId === undefined ? undefined : verified.get(publicId);
      if (!publicId || !entry || presented === undefined) return undefined;
      if (entry.until <= now()) {
        verified.delete(publicId);
        return undefined;
      }
      return timingSafeEqual(entry.hash, hashSecret(presented)) ? publicId : undefined;
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
