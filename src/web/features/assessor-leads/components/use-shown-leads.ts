import { useMemo } from 'react';
import type { MyLead } from '../../../../core/attempts.ts';
import { describeCallingStatus, useCallingStatus } from '../../calling-calendar/index.ts';

/** A lead as the page shows it: in its group, or sunk below them all while out of hours. */
export interface ShownLead {
  lead: MyLead;
  group: MyLead['group'] | 'outsideWindow';
  /** Whether it may be called now and until when, or when next; null until the rules load. */
  callingText: string | null;
}

/**
 * The loaded leads in the order the page shows them: those out of their state's calling hours
 * sink below the others, in the same order. Read again every minute.
 */
export function useShownLeads(loaded: MyLead[] | undefined) {
  const statusOf = useCallingStatus();
  const shown = useMemo((): ShownLead[] => {
    const all = (loaded ?? []).map((lead) => {
      const status = statusOf?.(lead);
      return {
        lead,
        group: status && !status.allowed ? ('outsideWindow' as const) : lead.group,
        callingText: status ? describeCallingStatus(lead, status) : null,
      };
    });
    return [
      ...all.filter((item) => item.group !== 'outsideWindow'),
      ...all.filter((item) => item.group === 'outsideWindow'),
    ];
  }, [loaded, statusOf]);
  const leads = useMemo(() => shown.map((item) => item.lead), [shown]);
  return { shown, leads, statusOf };
}
