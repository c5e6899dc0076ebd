import { z } from 'zod';
import { type AttemptOutcome, attemptOutcomes, leadStatusSchema } from './lead-status.ts';

/** How many days the chart of calls covers, today included. */
export const chartDays = 30;

/**
 * The periods the dashboard's call figures and assessor table cover, each as the days it takes
 * back from today (both ends included). All fit in the chart's days: they are summed from them.
 */
export const dashboardRanges = {
  today: { label: 'Hoje', phrase: 'hoje', firstDaysAgo: 0, lastDaysAgo: 0 },
  yesterday: { label: 'Ontem', phrase: 'ontem', firstDaysAgo: 1, lastDaysAgo: 1 },
  '7d': { label: '7 dias', phrase: 'nos últimos 7 dias', firstDaysAgo: 6, lastDaysAgo: 0 },
  '30d': {
    label: '30 dias',
    phrase: 'nos últimos 30 dias',
    firstDaysAgo: chartDays - 1,
    lastDaysAgo: 0,
  },
} as const;
export type DashboardRangeKey = keyof typeof dashboardRanges;
export const dashboardRangeKeys = Object.keys(dashboardRanges) as [
  DashboardRangeKey,
  ...DashboardRangeKey[],
];

/** `GET /api/dashboard?range=`: today when absent. */
export const dashboardQuerySchema = z.object({
  range: z
    .enum(dashboardRangeKeys, {
      error: `Período inválido: use ${dashboardRangeKeys.join(', ')}.`,
    })
    .default('today'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Where a lead came from: a file import, or another system through an API token. */
export const leadOrigins = {
  import: 'Importação',
  token: 'Token de API',
} as const;
export type LeadOrigin = keyof typeof leadOrigins;
const leadOriginKeys = Object.keys(leadOrigins) as [LeadOrigin, ...LeadOrigin[]];

const count = z.number().int();
/** aceites ÷ contatos, from 0 to 1; null when nobody was reached. */
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

/**
 * The three words of a period's calls: ligações (every call), contatos (the person answered:
 * the outcomes the registry marks `answered`), aceites (the accepted outcome).
 */
const callFigures = {
  calls: count,
  contacts: count,
  accepted: count,
  /** aceites ÷ contatos. */
  conversionRate: rate,
};

export const dashboardAssessorSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Their default daily quota (what a distribution offers them unless changed). */
  dailyQuota: count,
  /** Leads handed to them by the distributions of the period. */
  distributed: count,
  ...callFigures,
  /** Deprecated: `distributed` (named when the only period was today, still the default). */
  distributedToday: count,
  /** Deprecated: `calls` (every call, whatever the outcome). */
  attendedToday: count,
  /** Deprecated: `accepted`. */
  acceptedToday: count,
  /** Their latest call, at any date; null when they never made one. */
  lastActivityAt: z.iso.datetime().nullable(),
});
export type DashboardAssessor = z.infer<typeof dashboardAssessorSchema>;

/** A period's contacts and aceites by where their leads came from. */
export const dashboardOriginSchema = z.object({
  origin: z.enum(leadOriginKeys),
  contacts: count,
  accepted: count,
  conversionRate: rate,
});
export type DashboardOrigin = z.infer<typeof dashboardOriginSchema>;

export const dashboardHourSchema = z.object({
  /** 0 to 23, in the call centre's time zone. */
  hour: z.number().int().min(0).max(23),
  calls: count,
  contacts: count,
});
export type DashboardHour = z.infer<typeof dashboardHourSchema>;

/** `GET /api/dashboard`: the admin's picture of the day (PRODUCT.md §6). */
export const dashboardSchema = z.object({
  /** When the figures were read, and the day they call today. */
  generatedAt: z.iso.datetime(),
  timeZone: z.string(),
  today: z.iso.date(),
  /** The period of `totals` and of the assessors' figures, its days both included. */
  range: z.object({
    key: z.enum(dashboardRangeKeys),
    firstDay: z.iso.date(),
    lastDay: z.iso.date(),
  }),
  /** Every lead counted by status, exactly. */
  statusCounts: z.record(leadStatusSchema, count),
  totalLeads: count,
  /** What a distribution can still hand out: new + recycled. */
  pool: z.object({ new: count, recycled: count, total: count }),
  /** Leads in assessors' lists still to call, by when they were handed over. */
  backlog: z.object({ earlier: count, today: count, total: count }),
  /** Call-backs ("Retornar") whose agreed time has passed. */
  overdueCallbacks: count,
  /** The period's calls. */
  totals: z.object({ distributed: count, ...callFigures }),
  todayTotals: z.object({
    distributed: count,
    ...callFigures,
    /** Deprecated: `calls` (every call of today, whatever the outcome). */
    attended: count,
    /** Calls made today outside the lead's calling hours (each with the reason given). */
    outOfHours: count,
  }),
  /** Today's calls per hour, every hour from 0 to 23 present. */
  callsByHour: z.array(dashboardHourSchema),
  /** Today's contacts by where their lead came from, every origin present. */
  byOrigin: z.array(dashboardOriginSchema),
  /** The last `chartDays` days, oldest first, every day present (zeros included). */
  attemptsByDay: z.array(dashboardDaySchema),
  /** Active assessors, and inactive ones with figures in the period. */
  assessors: z.array(dashboardAssessorSchema),
  activeAssessors: count,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** aceites ÷ contatos, or null when nobody was reached. */
export function conversionRate(accepted: number, contacts: number): number | null {
  return contacts > 0 ? accepted / contacts : null;
}
