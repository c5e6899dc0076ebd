import {
  type AttemptsByOutcome,
  chartDays,
  conversionRate,
  type Dashboard,
  type DashboardDay,
} from '../../core/dashboard.ts';
import { attemptOutcomes, leadStatuses } from '../../core/lead-status.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

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

export interface DashboardServiceDeps {
  dashboard: DashboardRepository;
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

    async read(): Promise<Dashboard> {
      const generatedAt = new Date(now());
      const bounds = await dashboard.dayBounds(generatedAt, timeZone, chartDays);
      const [status, attemptRows, distributedToday, assessorRows] = await Promise.all([
        dashboard.statusCounts(),
        dashboard.attemptsByDay(bounds.firstChartDay, bounds.today),
        dashboard.distributedBetween(bounds.start, bounds.end),
        dashboard.assessors(bounds),
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
      const today = days.get(bounds.today);
      const attended = today?.total ?? 0;
      const accepted = today?.green ?? 0;

      return {
        generatedAt: generatedAt.toISOString(),
        timeZone,
        today: bounds.today,
        statusCounts,
        totalLeads,
        pool: {
          new: statusCounts.new,
          recycled: statusCounts.recycled,
          total: statusCounts.new + statusCounts.recycled,
        },
        todayTotals: {
          distributed: distributedToday,
          attended,
          accepted,
          conversionRate: conversionRate(accepted, attended),
        },
        attemptsByDay: [...days.values()],
        assessors: assessorRows.map((row) => ({
          id: row.id,
          name: row.name,
          active: row.active,
          dailyQuota: row.dailyQuota,
          distributedToday: row.distributedToday,
          attendedToday: row.attendedToday,
          acceptedToday: row.acceptedToday,
          conversionRate: conversionRate(row.acceptedToday, row.attendedToday),
          lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
        })),
        activeAssessors: assessorRows.filter((row) => row.active).length,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
