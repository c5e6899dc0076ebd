import type { AppEvent } from '../../core/events.ts';

type Count = (ownerIds?: readonly string[]) => Promise<{ ownerId: string; leads: number }[]>;

/** The assessors whose lists an event says changed. */
export function ownersChangedBy(event: AppEvent): readonly string[] {
  switch (event.type) {
    case 'lead.attempted':
      return [event.assessorId];
    case 'leads.distributed':
    case 'leads.changed':
      return event.assessorIds;
    default:
      return [];
  }
}

/**
 * The leads left in each assessor's list, kept between the wallboard's readings. Counting
 * every list runs over every lead in one (a tenth of a second at 1M leads, ten times that at
 * 10M), while a call changes one list by one lead: so the lists an event names are counted
 * again at the next reading, from the owners' index, and every list is counted again in the
 * background once the whole count is `maxAgeMs` old, which mends a change no event named
 * (a lead deleted by the retention, say). Only the first reading waits for a whole count;
 * with a `maxAgeMs` of 0, every reading does.
 */
export function createLeadsLeftCounter(count: Count, maxAgeMs: number) {
  let counts = new Map<string, number>();
  let countedAt: number | undefined;
  const touched = new Set<string>();
  /** When each list was last counted alone: a whole count that started before keeps it. */
  const recountedAt = new Map<string, number>();
  let whole: Promise<void> | undefined;

  const countAll = () => {
    whole ??= (async () => {
      const startedAt = performance.now();
      const rows = await count();
      const next = new Map(rows.map((row) => [row.ownerId, row.leads]));
      for (const [ownerId, at] of recountedAt) {
        if (at > startedAt) next.set(ownerId, counts.get(ownerId) ?? 0);
      }
      recountedAt.clear();
      counts = next;
      countedAt = startedAt;
    })().finally(() => {
      whole = undefined;
    });
    return whole;
  };

  return {
    heard(event: AppEvent) {
      for (const ownerId of ownersChangedBy(event)) touched.add(ownerId);
    },

    async current(): Promise<ReadonlyMap<string, number>> {
      if (countedAt === undefined || maxAgeMs === 0) await countAll();
      else if (performance.now() - countedAt >= maxAgeMs) countAll().catch(() => {});
      if (touched.size > 0) {
        const ownerIds = [...touched];
        touched.clear();
        const at = performance.now();
        const rows = await count(ownerIds).catch((error: unknown) => {
          for (const ownerId of ownerIds) touched.add(ownerId);
          throw error;
        });
        const found = new Map(rows.map((row) => [row.ownerId, row.leads]));
        for (const ownerId of ownerIds) {
          counts.set(ownerId, found.get(ownerId) ?? 0);
          recountedAt.set(ownerId, at);
        }
      }
      return counts;
    },
  };
}
