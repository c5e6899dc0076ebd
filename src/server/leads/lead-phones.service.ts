import type { z } from 'zod';
import {
  type addLeadPhoneBodySchema,
  type leadPhoneStateBodySchema,
  stateOfOnlyNumber,
} from '../../core/lead-phones.ts';
import type { LeadDetail } from '../../core/leads.ts';
import { normaliseBrazilianPhone } from '../../core/phone.ts';
import { type AuditTrail, maskPersonalData } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import type { LeadPhonesRepository } from './lead-phones.repository.ts';

const blockedNumber = 'Este número está numa lista de bloqueio: ele não pode ser ligado.';

/** Whose open list shows the lead: its numbers there change too. */
const ownersOf = (lead: { ownerId: string | null }) => (lead.ownerId ? [lead.ownerId] : []);

/**
 * An admin's corrections to a lead's numbers: a number the person gave since, and a number's
 * state set right (one found dead by mistake, one the person asked not to be called on).
 */
export function createLeadPhonesService({
  phones,
  unitOfWork,
  phoneTakenByAnother,
  detail,
}: {
  phones: LeadPhonesRepository;
  unitOfWork: RunUnitOfWork;
  phoneTakenByAnother: (phone: string, leadId: number) => Promise<boolean>;
  detail: (id: number) => Promise<LeadDetail>;
}) {
  async function lockedLead(repository: LeadPhonesRepository, leadId: number) {
    const lead = await repository.lockLead(leadId);
    if (!lead) throw new AppError('NOT_FOUND', 'Lead não encontrado.');
    if (lead.erased) {
      throw new AppError(
        'CONFLICT',
        'Os dados deste lead foram apagados (LGPD): ele não pode ser editado.',
      );
    }
    return lead;
  }

  return {
    /** A number the person gave since, audited as a change of the lead's data. */
    async add(
      leadId: number,
      body: z.output<typeof addLeadPhoneBodySchema>,
      audit: AuditTrail,
    ): Promise<LeadDetail> {
      const normalised = normaliseBrazilianPhone(body.phone);
      if (!normalised.ok) throw new AppError('BAD_REQUEST', normalised.reason);
      const phone = normalised.e164;
      await unitOfWork(audit, async (unit) => {
        const repository = phones.within(unit.trx);
        const lead = await lockedLead(repository, leadId);
        if (lead.phone === phone || (await phoneTakenByAnother(phone, leadId))) {
          throw new AppError('CONFLICT', 'Este número já é de um lead.');
        }
        if (await repository.isBlocked(phone)) throw new AppError('CONFLICT', blockedNumber);
        const main =
          lead.numbers === 0 && lead.phone
            ? {
                phone: lead.phone,
                raw: lead.phoneRaw ?? lead.phone,
                state: stateOfOnlyNumber(lead.status),
              }
            : null;
        await repository
          .add(leadId, main, { phone, raw: body.phone, label: body.label, whatsapp: body.whatsapp })
          .catch((error: unknown) => {
            // Its own other number, or one another lead took at the same moment.
            if ((error as { code?: string }).code === '23505') {
              throw new AppError('CONFLICT', 'Este número já é de um lead.');
            }
            throw error;
          });
        await unit.audit({
          action: 'lead.updated',
          target: { type: 'lead', id: leadId },
          details: { changes: { phoneAdded: { from: null, to: maskPersonalData(phone) } } },
        });
        unit.publish({ type: 'leads.changed', assessorIds: ownersOf(lead) });
      });
      return detail(leadId);
    },

    async setState(
      leadId: number,
      phone: string,
      body: z.output<typeof leadPhoneStateBodySchema>,
      adminId: string,
      audit: AuditTrail,
    ): Promise<LeadDetail> {
      await unitOfWork(audit, async (unit) => {
        const repository = phones.within(unit.trx);
        const lead = await lockedLead(repository, leadId);
        const number = await repository.findNumber(leadId, phone);
        if (!number) throw new AppError('NOT_FOUND', 'Número não encontrado neste lead.');
        if (body.state !== 'do_not_call' && (await repository.isBlocked(number.phone))) {
          throw new AppError(
            'CONFLICT',
            'Este número está numa lista de bloqueio: tire-o de lá antes de marcá-lo de novo.',
          );
        }
        await repository.setState(leadId, phone, body.state);
        if (body.state === 'do_not_call') {
          await repository.block(number.phone, 'Marcado como não ligar no lead', adminId);
          await unit.audit({
            action: 'do_not_call.added',
            target: { type: 'lead', id: leadId },
            details: {},
          });
        }
        unit.publish({ type: 'leads.changed', assessorIds: ownersOf(lead) });
      });
      return detail(leadId);
    },
  };
}
export type LeadPhonesService = ReturnType<typeof createLeadPhonesService>;
