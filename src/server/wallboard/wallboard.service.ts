import type { AppEvent } from '../../core/events.ts';
import type { Wallboard } from '../../core/wallboard.ts';
import type { AssessorScope } from '../teams/index.ts';
import { createLeadsLeftCounter } from './leads-left.ts';
import type { WallboardRepository } from './wallboard.repository.ts';
import { buildSnapshot, type WallboardSnapshot } from './wallboard-snapshot.ts';

/** The events that change what the wallboard shows. */
const staleningEvents: ReadonlySet<AppEvent['type']> = new Set([
  'agent.state',
  'lead.attempted',
  'leads.distributed',
  'leads.changed',
]);

export interface WallboardServiceDeps {
  wallboard: WallboardRepository;
  /** The call centre's time zone: where its day starts. */
  timeZone: string;
  /** The clock that says what today is and how long each state has run; replaceable in tests. */
  now?: () => number;
  /**
   * The least time between two readings of the floor, in milliseconds (1,000): however many
   * wallboards are open and however busy the floor, one process reads it at most once in it.
   */
  refreshMs?: number;
  /** A snapshot no event made stale is read again past this age (its hours worked move on). */
  maxAgeMs?: number;
  /** Every list's leads are counted again past this age (30,000 ms; leads-left.ts). */
  leadsLeftMaxAgeMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One snapshot of the whole floor, shared by every open wallboard of the process and narrowed
 * to each caller's teams. An event that changes it (a call recorded, a state changed) marks it
 * stale; the next request reads it again, at most once per `refreshMs`, and a request that
 * finds it stale waits for that reading rather than answer the old one.
 */
export function createWallboardService(deps: WallboardServiceDeps) {
  const now = deps.now ?? (() => Date.now());
  const refreshMs = deps.refreshMs ?? 1000;
  const maxAgeMs = deps.maxAgeMs ?? 10_000;
  let snapshot: { readAt: number; value: WallboardSnapshot } | undefined;
  let stale = true;
  let reading: Promise<WallboardSnapshot> | undefined;
  // With no interval (tests), every request reads the whole floor, every list's count too.
  const leadsLeft = createLeadsLeftCounter(
    (ownerIds) => deps.wallboard.leadsLeft(ownerIds),
    refreshMs > 0 ? (deps.leadsLeftMaxAgeMs ?? 30_000) : 0,
  );

  async function read(): Promise<WallboardSnapshot> {
    const generatedAt = new Date(now());
    const { wallboard, timeZone } = deps;
    const day = await wallboard.day(generatedAt, timeZone);
    const [assessors, callCounts, stateTimes, left, teams, targets] = await Promise.all([
      wallboard.assessors(),
      wallboard.callCounts(day.today),
      wallboard.stateTimes(day.today, day.start, generatedAt),
      leadsLeft.current(),
      wallboard.teams(),
      wallboard.dayTargets(),
    ]);
    return buildSnapshot({
      generatedAt,
      today: day.today,
      assessors,
      callCounts,
      stateTimes,
      leadsLeft: left,
      teams,
      targets,
    });
  }

  function current(): Promise<WallboardSnapshot> {
    if (reading) return reading;
    const at = performance.now();
    if (snapshot && !stale && refreshMs > 0 && at - snapshot.readAt < maxAgeMs) {
      return Promise.resolve(snapshot.value);
    }
    const wait = snapshot ? Math.max(0, snapshot.readAt + refreshMs - at) : 0;
    reading = (async () => {
      if (wait > 0) await sleep(wait);
      // An event heard from here on is after this reading's start: it marks the next one.
      stale = false;
      const readAt = performance.now();
      try {
        const value = await read();
        snapshot = { readAt, value };
        return value;
      } catch (error) {
        stale = true;
        throw error;
      }
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  }

  return {
    /** What the event stream says: a change on the floor makes the snapshot stale. */
    heard(event: AppEvent) {
      leadsLeft.heard(event);
      if (staleningEvents.has(event.type)) stale = true;
    },

    /**
     * The wallboard as `userId` with `scope` may see it: every team and the assessors without
     * one for an administrator, the teams it leads for a supervisor.
     */
    async read(userId: string, scope: AssessorScope): Promise<Wallboard> {
      const { supervisorsByTeam, ...whole } = await current();
      if (scope === 'all') return whole;
      const reached = new Set(scope);
      return {
        ...whole,
        teams: whole.teams
          .filter((team) => team.id !== null && supervisorsByTeam.get(team.id)?.includes(userId))
          .map((team) => ({
            ...team,
            assessors: team.assessors.filter((assessor) => reached.has(assessor.id)),
          })),
      };
    },
  };
}

export type WallboardService = ReturnType<typeof createWallboardService>;
