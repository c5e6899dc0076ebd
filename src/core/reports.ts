import { z } from 'zod';
import { attemptsByOutcomeSchema } from './dashboard.ts';

/** The longest period a performance report covers, in days (a leap year). */
export const reportMaxDays = 366;

/** A report's rows: one per assessor or one per team. */
export const reportGroupings = { assessor: 'Assessor', team: 'Equipe' } as const;
export type ReportGrouping = keyof typeof reportGroupings;
const groupingKeys = Object.keys(reportGroupings) as [ReportGrouping, ...ReportGrouping[]];

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `YYYY-MM-DD` names a day of the calendar (2026-02-30 does not). */
export function isCalendarDay(text: string): boolean {
  if (!dayPattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const daySchema = z.string().refine(isCalendarDay, {
  error: 'Data inválida: use AAAA-MM-DD, um dia que existe no calendário.',
});

/** The periods named by a word, in the call centre's days up to today. */
export const reportPresets = {
  today: 'Hoje',
  yesterday: 'Ontem',
  '7d': '7 dias',
  '30d': '30 dias',
  month: 'Este mês',
} as const;
export type ReportPreset = keyof typeof reportPresets;
export const reportPresetKeys = Object.keys(reportPresets) as [ReportPreset, ...ReportPreset[]];

/** A preset's first and last day, given today in the call centre's zone. */
export function presetDays(preset: ReportPreset, today: string): { from: string; to: string } {
  if (preset === 'yesterday') return { from: addDays(today, -1), to: addDays(today, -1) };
  if (preset === '7d') return { from: addDays(today, -6), to: today };
  if (preset === '30d') return { from: addDays(today, -29), to: today };
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: today, to: today };
}

/**
 * `GET /api/reports/performance?period=` (a preset) or `?from=&to=` (days of the call centre,
 * both included), and `by`.
 */
export const performanceQuerySchema = z
  .object({
    period: z
      .enum(reportPresetKeys, {
        error: `Período inválido: use ${reportPresetKeys.join(', ')}, ou from e to.`,
      })
      .optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
    by: z
      .enum(groupingKeys, { error: 'Agrupamento inválido: use assessor ou team.' })
      .default('assessor'),
  })
  .refine((query) => query.period !== undefined || (query.from && query.to), {
    error: 'Informe o período: period, ou as datas from e to.',
    path: ['from'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'A data inicial deve ser igual ou anterior à final.',
    path: ['to'],
  })
  .refine(
    (query) => !query.from || !query.to || daysBetween(query.from, query.to) <= reportMaxDays,
    { error: `O período pode ter no máximo ${reportMaxDays} dias.`, path: ['to'] },
  );
export type PerformanceQuery = z.infer<typeof performanceQuerySchema>;

const count = z.number().int();
const seconds = z.number().int().min(0);

export const pauseSecondsSchema = z.object({
  reasonId: z.number().int(),
  reason: z.string(),
  seconds,
});
export type PauseSeconds = z.infer<typeof pauseSecondsSchema>;

/**
 * A row's or the totals' figures (decision 041): contatos are the outcomes the registry marks
 * `answered`; conversão = aceites ÷ contatos; tempo logado = the states other than
 * disconnected, clipped to the period (an open one counts until now); TMA = the average
 * on_call span; ligações por hora trabalhada = ligações ÷ (horas logadas − horas em pausa).
 */
export const performanceFiguresSchema = z.object({
  calls: count,
  contacts: count,
  accepted: count,
  /** 0 to 1; null when nobody was reached. */
  conversion: z.number().min(0).max(1).nullable(),
  signedInSeconds: seconds,
  pauseSeconds: seconds,
  pauseSecondsByReason: z.array(pauseSecondsSchema),
  /** null without a call span in the period. */
  averageHandlingSeconds: z.number().min(0).nullable(),
  /** null without time worked. */
  callsPerHourWorked: z.number().min(0).nullable(),
  outcomes: attemptsByOutcomeSchema,
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;

export const performanceRowSchema = performanceFiguresSchema.extend({
  /** The assessor's id, or the team's (as text); null: the assessors in no team. */
  id: z.string().nullable(),
  name: z.string(),
  /** The assessor's team (null: none); a team's row repeats its own name. */
  teamName: z.string().nullable(),
  /** The same figures over the period of the same length just before. */
  previous: performanceFiguresSchema,
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

const periodSchema = z.object({ from: z.iso.date(), to: z.iso.date() });

export const performanceReportSchema = z.object({
  by: z.enum(groupingKeys),
  timeZone: z.string(),
  /** Today in the call centre's zone, and the preset asked for (null: days given). */
  today: z.iso.date(),
  preset: z.enum(reportPresetKeys).nullable(),
  period: periodSchema,
  previousPeriod: periodSchema,
  rows: z.array(performanceRowSchema),
  totals: performanceFiguresSchema,
  previousTotals: performanceFiguresSchema,
  /** The period's calls by hour of the call centre's day, every hour 0 to 23 present. */
  callsByHour: z.array(z.object({ hour: z.number().int().min(0).max(23), calls: count })),
  generatedAt: z.iso.datetime(),
});
export type PerformanceReport = z.infer<typeof performanceReportSchema>;
