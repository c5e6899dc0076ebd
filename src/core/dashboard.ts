import { z } from 'zod';
import { type AttemptOutcome, attemptOutcomes, leadStatusSchema } from './lead-status.ts';

/** How many days the chart of calls covers, today included. */
export const chartDays = 30;

const count = z.number().int();
/** accepted ÷ attended, from 0 to 1; null when nothing was attended. */
const rate = z.number().min(0).max(1).nullable();

export const attemptsByOutcomeSchema = z.object(
  Object.fromEntries(attemptOutcomes.map((outcome) => [outcome, count])) as Record<
    AttemptOutcome,
    typeof count
  >,
);
export type AttemptsByOutcome = z.infer<typeof attemptsByOutcomeSchema>;

export const dashboardDaySchema = attemptsByOutcomeSchema.extend({
  /** The day in the call centre's time zone, `YYYY-MM-DD`. */
  day: z.iso.date(),
  total: count,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardAssessorSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Their default daily quota (what a distribution offers them unless changed). */
  dailyQuota: count,
  /** Leads handed to them by today's distributions. */
  distributedToday: count,
  /** Calls they recorded today, any outcome. */
  attendedToday: count,
  /** Calls they recorded today with the outcome `green`. */
  acceptedToday: count,
  conversionRate: rate,
  /** Their latest call, at any date; null when they never made one. */
  lastActivityAt: z.iso.datetime().nullable(),
});
export type DashboardAssessor = z.infer<typeof dashboardAssessorSchema>;

/** `GET /api/dashboard`: the admin's picture of the day (PRODUCT.md §6). */
export const dashboardSchema = z.object({
  /** When the figures were read, and the day they call today. */
  generatedAt: z.iso.datetime(),
  timeZone: z.string(),
  today: z.iso.date(),
  /** Every lead counted by status, exactly. */
  statusCounts: z.record(leadStatusSchema, count),
  totalLeads: count,
  /** What a distribution can still hand out: new + recycled. */
  pool: z.object({ new: count, recycled: count, total: count }),
  todayTotals: z.object({
    distributed: count,
    attended: count,
    accepted: count,
    conversionRate: rate,
  }),
  /** The last `chartDays` days, oldest first, every day present (zeros included). */
  attemptsByDay: z.array(dashboardDaySchema),
  /** Active assessors, and inactive ones with figures today. */
  assessors: z.array(dashboardAssessorSchema),
  activeAssessors: count,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** accepted ÷ attended, or null when there is nothing to divide. */
export function conversionRate(accepted: number, attended: number): number | null {
  return attended > 0 ? accepted / attended : null;
}
