import {
  type AttemptsByOutcome,
  chartDays,
  conversionRate,
  type Dashboard,
  type DashboardDay,
  type DashboardHour,
  type DashboardRangeKey,
  dashboardRanges,
  type LeadOrigin,
  leadOrigins,
} from '../../core/dashboard.ts';
import { attemptOutcomes, leadStatuses } from '../../core/lead-status.ts';
import { acceptedOutcomeKey, answeredOutcomeKeys } from '../../core/outcomes.ts';
import { type AssessorScope, scopeIds } from '../teams/index.ts';
import type { DashboardRepository } from './dashboard.repository.ts';
import type { DashboardDayRepository } from './dashboard-day.repository.ts';

/**
 * Past this many delta rows a read folds them (one row per status, per day and outcome), so
 * the sums read stay small however many writes came in between.
 */
const compactionThreshold = 200;

function emptyOutcomes(): AttemptsByOutcome {
  return Object.fromEntries(attemptOutcomes.map((outcome) => [outcome, 0])) as AttemptsByOutcome;
}

/** `YYYY-MM-DD` plus `days`, in calendar days (no time zone involved). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface CallFigures {
  calls: number;
  contacts: number;
  accepted: number;
}

/** Ligações, contatos and aceites of the days given, from their counts by outcome. */
function callFiguresOf(days: DashboardDay[]): CallFigures & { conversionRate: number | null } {
  let calls = 0;
  let contacts = 0;
  let accepted = 0;
  for (const day of days) {
    calls += day.total;
    for (const key of answeredOutcomeKeys) contacts += day[key];
    accepted += day[acceptedOutcomeKey];
  }
  return { calls, contacts, accepted, conversionRate: conversionRate(accepted, contacts) };
}

export interface DashboardServiceDeps {
  dashboard: DashboardRepository;
  day: DashboardDayRepository;
  /** The call centre's time zone: where its days start and end. */
  timeZone: string;
  now?: () => number;
}

export function createDashboardService(deps: DashboardServiceDeps) {
  const { dashboard, timeZone } = deps;
  const now = deps.now ?? (() => Date.now());

  return {
    /** Brings the daily call counts to the configured zone; run once at start-up. */
    syncTimeZone: () => dashboard.syncTimeZone(timeZone),

    /**
     * The figures; a supervisor's (`scope`) are its teams' assessors': their rows, calls,
     * contacts, aceites, call-backs, lists and the leads handed to them. The leads by status
     * and the pool are the whole call centre's, the same for everyone who reads them.
     */
    async read(
      rangeKey: DashboardRangeKey = 'today',
      scope: AssessorScope = 'all',
    ): Promise<Dashboard> {
      const generatedAt = new Date(now());
      const range = dashboardRanges[rangeKey];
      const bounds = await dashboard.dayBounds(generatedAt, timeZone, chartDays, range);
      const ids = scope === 'all' ? undefined : scopeIds(scope);
      const [
        status,
        attemptRows,
        distributedToday,
        distributedInRange,
        assessorRows,
        backlog,
        overdueCallbacks,
        todayCalls,
      ] = await Promise.all([
        dashboard.statusCounts(),
        dashboard.attemptsByDay(bounds.firstChartDay, bounds.today, ids),
        dashboard.distributedBetween(bounds.start, bounds.end, ids),
        dashboard.distributedBetween(bounds.rangeStart, bounds.rangeEnd, ids),
        dashboard.assessors(bounds, ids),
        deps.day.backlog(bounds.start, ids),
        deps.day.overdueCallbacks(generatedAt, ids),
        deps.day.todayCalls(bounds.start, bounds.end, timeZone, ids),
      ]);
      // Rows beyond one per sum are what a compaction would fold.
      const foldable =
        [...status, ...attemptRows].reduce((sum, row) => sum + row.rows - 1, 0) +
        assessorRows.reduce((sum, row) => sum + row.foldableRows, 0);
      if (foldable > compactionThreshold) await dashboard.compactDeltas(bounds.today);

      const statusCounts = Object.fromEntries(
        leadStatuses.map((leadStatus) => [leadStatus, 0]),
      ) as Dashboard['statusCounts'];
      for (const row of status) statusCounts[row.status] = row.count;
      const totalLeads = Object.values(statusCounts).reduce((sum, value) => sum + value, 0);

      const days = new Map<string, DashboardDay>();
      for (let offset = 0; offset < chartDays; offset++) {
        const day = addDays(bounds.firstChartDay, offset);
        days.set(day, { day, ...emptyOutcomes(), total: 0 });
      }
      for (const row of attemptRows) {
        const day = days.get(row.day);
        if (!day) continue;
        day[row.outcome] += row.attempts;
        day.total += row.attempts;
      }
      const today = callFiguresOf([...days.values()].filter((day) => day.day === bounds.today));
      const inRange = callFiguresOf(
        [...days.values()].filter(
          (day) => day.day >= bounds.rangeFirstDay && day.day <= bounds.rangeLastDay,
        ),
      );

      const callsByHour: DashboardHour[] = Array.from({ length: 24 }, (_, hour) => ({
        hour,
        calls: 0,
        contacts: 0,
      }));
      const byOrigin = new Map<LeadOrigin, { contacts: number; accepted: number }>(
        (Object.keys(leadOrigins) as LeadOrigin[]).map((origin) => [
          origin,
          { contacts: 0, accepted: 0 },
        ]),
      );
      let outOfHours = 0;
      for (const row of todayCalls) {
        const hour = callsByHour[row.hour];
        if (hour) {
          hour.calls += row.calls;
          hour.contacts += row.contacts;
        }
        const origin = row.origin === null ? undefined : byOrigin.get(row.origin);
        if (origin) {
          origin.contacts += row.contacts;
          origin.accepted += row.accepted;
        }
        outOfHours += row.outOfHours;
      }

      return {
        generatedAt: generatedAt.toISOString(),
        timeZone,
        today: bounds.today,
        range: { key: rangeKey, firstDay: bounds.rangeFirstDay, lastDay: bounds.rangeLastDay },
        statusCounts,
        totalLeads,
        pool: {
          new: statusCounts.new,
          recycled: statusCounts.recycled,
          total: statusCounts.new + statusCounts.recycled,
        },
        backlog: {
          earlier: backlog.total - backlog.today,
          today: backlog.today,
          total: backlog.total,
        },
        overdueCallbacks,
        totals: { distributed: distributedInRange, ...inRange },
        todayTotals: {
          distributed: distributedToday,
          ...today,
          attended: today.calls,
          outOfHours,
        },
        callsByHour,
        byOrigin: [...byOrigin].map(([origin, figures]) => ({
          origin,
          ...figures,
          conversionRate: conversionRate(figures.accepted, figures.contacts),
        })),
        attemptsByDay: [...days.values()],
        assessors: assessorRows.map((row) => ({
          id: row.id,
          name: row.name,
          active: row.active,
          dailyQuota: row.dailyQuota,
          distributed: row.distributed,
          calls: row.calls,
          contacts: row.contacts,
          accepted: row.accepted,
          conversionRate: conversionRate(row.accepted, row.contacts),
          distributedToday: row.distributed,
          attendedToday: row.calls,
          acceptedToday: row.accepted,
          lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
        })),
        activeAssessors: assessorRows.filter((row) => row.active).length,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
