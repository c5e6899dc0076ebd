import { type BlockedPhone, defaultBlockReason } from '../../core/do-not-call.ts';
import { normaliseBrazilianPhone } from '../../core/phone.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { decodeTimeKeyCursor, encodeTimeCursor } from '../http/keyset-cursor.ts';
import { transitionEvent } from '../lead-transitions/index.ts';
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

/** The block list's pages are ordered by time then phone: the cursor's key is the phone. */
function decodeBlockedPhoneCursor(cursor: string): BlockedPhoneCursor {
  const { at, key } = decodeTimeKeyCursor(cursor);
  if (!/^\+\d{8,15}$/.test(key)) {
    throw new AppError('BAD_REQUEST', 'Cursor de paginação inválido.');
  }
  return { at, phone: key };
}

function normalisedOrThrow(input: string): string {
  const phone = normaliseBrazilianPhone(input);
  if (!phone.ok) throw new AppError('BAD_REQUEST', phone.reason);
  return phone.e164;
}

export function createDoNotCallService({
  doNotCall,
  unitOfWork,
}: {
  doNotCall: DoNotCallRepository;
  unitOfWork: RunUnitOfWork;
}) {
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
            ? encodeTimeCursor(last.createdAtKey, last.phone)
            : null,
      };
    },

    async add(
      body: { phone: string; reason?: string | undefined },
      adminId: string,
      audit: AuditTrail,
    ) {
      const phone = normalisedOrThrow(body.phone);
      return unitOfWork(audit, async (unit) => {
        const added = await doNotCall
          .within(unit.trx)
          .block(phone, body.reason ?? defaultBlockReason, adminId, blockedPhoneHistoryReason);
        if (!added) throw new AppError('CONFLICT', 'Este telefone já está na lista de bloqueio.');
        // The assessors who lost a lead see their list change at once.
        if (added.leadsTakenOut > 0) {
          unit.publish(transitionEvent('block', { assessorIds: added.formerOwnerIds }));
        }
        // The phone itself stays out of the log: the log is kept for good, personal data is not.
        await unit.audit({
          action: 'do_not_call.added',
          details: { leadsTakenOut: added.leadsTakenOut },
        });
        return { blocked: toBlockedPhone(added.blocked), leadsTakenOut: added.leadsTakenOut };
      });
    },

    async remove(input: string, audit: AuditTrail): Promise<void> {
      const phone = normalisedOrThrow(input);
      await unitOfWork(audit, async (unit) => {
        if (!(await doNotCall.within(unit.trx).unblock(phone))) {
          throw new AppError('NOT_FOUND', 'Este telefone não está na lista de bloqueio.');
        }
        await unit.audit({ action: 'do_not_call.removed' });
      });
    },
  };
}
export type DoNotCallService = ReturnType<typeof createDoNotCallService>;
