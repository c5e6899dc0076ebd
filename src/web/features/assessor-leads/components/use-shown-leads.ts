import { useMemo } from 'react';
import type { MyLead } from '../../../../core/attempts.ts';
import { formatDateTime } from '../../../components/pt-br-format.ts';
import { describeCallingStatus, useCallingStatus } from '../../calling-calendar/index.ts';

export type ShownGroup = MyLead['group'] | 'outsideWindow';

export const shownGroupLabels: Record<ShownGroup, string> = {
  callbackDue: 'Retornos agendados para agora',
  retry: 'Tentar de novo',
  notAttended: 'Ainda sem ligação',
  outsideWindow: 'Fora do horário de ligação agora',
  waiting: 'Aguardando a próxima ligação',
};

/** The order of the groups on the page. */
const shownOrder: ShownGroup[] = [
  'callbackDue',
  'retry',
  'notAttended',
  'outsideWindow',
  'waiting',
];

/**
 * Why a waiting lead waits, and until when: its call-back, its retry rule's delay, or a cap on
 * the calls a lead may take.
 */
export function describeNextCall(lead: MyLead): string | null {
  if (lead.nextCallAt === null || lead.nextCallReason === null) return null;
  const when = formatDateTime(lead.nextCallAt);
  return {
    callback: `Retorno combinado para ${when}`,
    retry: `Nova tentativa a partir de ${when}`,
    daily_cap: `Limite de ligações do dia atingido: volta em ${when}`,
    weekly_cap: `Limite de ligações da semana atingido: volta em ${when}`,
  }[lead.nextCallReason];
}

/** A lead as the page shows it: in its group, or sunk below them all while out of hours. */
export interface ShownLead {
  lead: MyLead;
  group: ShownGroup;
  /** Whether it may be called now and until when, or when next; null until the rules load. */
  callingText: string | null;
}

/**
 * The loaded leads in the order the page shows them: those out of their state's calling hours
 * sink below the ones to call, in the same order, and above the ones waiting for their next
 * call (which say why they wait). Read again every minute.
 */
export function useShownLeads(loaded: MyLead[] | undefined) {
  const statusOf = useCallingStatus();
  const shown = useMemo((): ShownLead[] => {
    const all = (loaded ?? []).map((lead) => {
      const status = statusOf?.(lead);
      return {
        lead,
        group:
          status && !status.allowed && lead.group !== 'waiting'
            ? ('outsideWindow' as const)
            : lead.group,
        callingText: status ? describeCallingStatus(lead, status) : null,
      };
    });
    return shownOrder.flatMap((group) => all.filter((item) => item.group === group));
  }, [loaded, statusOf]);
  const leads = useMemo(() => shown.map((item) => item.lead), [shown]);
  return { shown, leads, statusOf };
}
