import { useCallback, useState } from 'react';
import type { Channel } from '../../../../core/leads.ts';

/**
 * Per lead: whether the assessor opened its WhatsApp (the call is then recorded as WhatsApp)
 * and which message template they picked for it. The template goes with the call only when
 * it went by WhatsApp.
 */
export function useWhatsAppChoices() {
  const [openedIds, setOpenedIds] = useState<ReadonlySet<number>>(new Set());
  const [templateByLead, setTemplateByLead] = useState<Readonly<Record<number, number>>>({});

  const channelOf = useCallback(
    (leadId: number): Channel => (openedIds.has(leadId) ? 'whatsapp' : 'phone'),
    [openedIds],
  );
  const templateOf = useCallback(
    (leadId: number): number | null => templateByLead[leadId] ?? null,
    [templateByLead],
  );
  /** The channel and template of the call about to be recorded. */
  const bodyOf = useCallback(
    (leadId: number): { channel: Channel; messageTemplateId?: number } => {
      const templateId = templateByLead[leadId];
      if (!openedIds.has(leadId)) return { channel: 'phone' };
      return templateId === undefined
        ? { channel: 'whatsapp' }
        : { channel: 'whatsapp', messageTemplateId: templateId };
    },
    [openedIds, templateByLead],
  );
  const opened = useCallback(
    (leadId: number) => setOpenedIds((ids) => new Set(ids).add(leadId)),
    [],
  );
  const pick = useCallback(
    (leadId: number, templateId: number | null) =>
      setTemplateByLead(({ [leadId]: _, ...rest }) =>
        templateId === null ? rest : { ...rest, [leadId]: templateId },
      ),
    [],
  );
  return { channelOf, templateOf, bodyOf, opened, pick };
}
