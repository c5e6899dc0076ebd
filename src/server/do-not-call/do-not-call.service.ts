import { type BlockedPhone, defaultBlockReason } from '../../core/do-not-call.ts';
import { normaliseBrazilianPhone } from '../../core/phone.ts';
import { publishEvent } from '../events/publish-event.ts';
import { AppError } from '../http/app-error.ts';
import type {
  BlockedPhoneCursor,
  BlockedPhoneRow,
  BlockedPhoneSearch,
  DoNotCallRepository,
} from './do-not-call.repository.ts';

/** The history reason of a lead taken out of circulation because its phone was blocked. */
export const blockedPhoneHistoryReason = 'Telefone incluído na lista de bloqueio';

function toBlockedPhone(row: BlockedPhoneRow): BlockedPhone {
  return {
    phone: row.phone,
    reason: row.reason,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A whole phone in any spelling is matched exactly; fewer digits, as a piece of one. */
export function parseBlockedPhoneSearch(q: string): BlockedPhoneSearch | 'nothing' | undefined {
  const digits = q.replace(/\D/g, '');
  if (q.trim() === '') return undefined;
  if (digits === '') return 'nothing';
  const phone = digits.length >= 10 ? normaliseBrazilianPhone(q) : undefined;
  return phone?.ok ? { kind: 'phone', phone: phone.e164 } : { kind: 'digits', digits };
}

const cursorPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z\|\+\d{8,15}$/;

/** The cursor carries the last row's time (to the microsecond) and phone, opaque to clients. */
export function encodeBlockedPhoneCursor(cursor: BlockedPhoneCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.phone}`).toString('base64url');
}

export function decodeBlockedPhoneCursor(cursor: string): BlockedPhoneCursor {
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!cursorPattern.test(text)) {
    throw new AppError('BAD_REQUEST', 'Cursor de paginação inválido.');
  }
  const [at = '', phone = ''] = text.split('|');
  return { at, phone };
}

function normalisedOrThrow(input: string): string {
  const phone = normaliseBrazilianPhone(input);
  if (!phone.ok) throw new AppError('BAD_REQUEST', phone.reason);
  return phone.e164;
}

export function createDoNotCallService({ doNotCall }: { doNotCall: DoNotCallRepository }) {
  return {
    async list(query: { q?: string | undefined; cursor?: string | undefined; limit: number }) {
      const after = query.cursor ? decodeBlockedPhoneCursor(query.cursor) : undefined;
      const search = parseBlockedPhoneSearch(query.q ?? '');
      if (search === 'nothing') return { phones: [], nextCursor: null };
      const rows = await doNotCall.listPage(search, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        phones: page.map(toBlockedPhone),
        nextCursor:
          rows.length > query.limit && last
            ? encodeBlockedPhoneCursor({ at: last.createdAtKey, phone: last.phone })
            : null,
      };
    },

    async add(body: { phone: string; reason?: string | undefined }, adminId: string) {
      const phone = normalisedOrThrow(body.phone);
      const added = await doNotCall.transaction(async (trx) => {
        const result = await doNotCall.block(
          trx,
          phone,
          body.reason ?? defaultBlockReason,
          adminId,
          blockedPhoneHistoryReason,
        );
        // The assessors who lost a lead see their list change at once.
        if (result && result.leadsTakenOut > 0) {
          await publishEvent(trx, { type: 'leads.changed', assessorIds: result.formerOwnerIds });
        }
        return result;
      });
      if (!added) throw new AppError('CONFLICT', 'Este telefone já está na lista de bloqueio.');
      return { blocked: toBlockedPhone(added.blocked), leadsTakenOut: added.leadsTakenOut };
    },

    async remove(input: string): Promise<void> {
      const phone = normalisedOrThrow(input);
      if (!(await doNotCall.unblock(phone))) {
        throw new AppError('NOT_FOUND', 'Este telefone não está na lista de bloqueio.');
      }
    },
  };
}
export type DoNotCallService = ReturnType<typeof createDoNotCallService>;
