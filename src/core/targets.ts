import { z } from 'zod';

/** What a target counts: accepted leads (Aceites) or calls (Ligações). */
export const targetMetricSchema = z.enum(['accepted', 'calls']);
export type TargetMetric = z.infer<typeof targetMetricSchema>;

export const targetMetricLabels: Record<TargetMetric, string> = {
  accepted: 'Aceites',
  calls: 'Ligações',
};

/** The span a target covers: the call centre's day, or its calendar month. */
export const targetPeriodSchema = z.enum(['day', 'month']);
export type TargetPeriod = z.infer<typeof targetPeriodSchema>;

export const targetPeriodLabels: Record<TargetPeriod, string> = {
  day: 'Meta do dia',
  month: 'Meta do mês',
};

/** One target: of a team or of one assessor, for a day or a month, in accepted leads or calls. */
export const targetSchema = z.object({
  teamId: z.number().int().nullable(),
  assessorId: z.string().nullable(),
  period: targetPeriodSchema,
  metric: targetMetricSchema,
  value: z.number().int(),
});
export type Target = z.infer<typeof targetSchema>;

const targetValueSchema = z
  .number({ error: 'A meta é um número.' })
  .int('A meta é um número inteiro.')
  .min(1, 'A meta é de pelo menos 1.')
  .max(1_000_000, 'A meta é de no máximo 1.000.000.');

/** The targets of a team or an assessor, as the form sends them: null clears one. */
export const targetsInputSchema = z
  .object({
    day: z
      .object({ accepted: targetValueSchema.nullable(), calls: targetValueSchema.nullable() })
      .strict(),
    month: z
      .object({ accepted: targetValueSchema.nullable(), calls: targetValueSchema.nullable() })
      .strict(),
  })
  .strict();
export type TargetsInput = z.infer<typeof targetsInputSchema>;

export const targetListSchema = z.object({ targets: z.array(targetSchema) });
export type TargetList = z.infer<typeof targetListSchema>;

export const targetPeriods = targetPeriodSchema.options;
export const targetMetrics = targetMetricSchema.options;

/** No target at all: what an owner without rows has, and what the form starts from. */
export const noTargets: TargetsInput = {
  day: { accepted: null, calls: null },
  month: { accepted: null, calls: null },
};

/** One owner's targets as the form holds them, from its rows (the others' rows are skipped). */
export function targetsInputOf(targets: readonly Target[]): TargetsInput {
  const input: TargetsInput = {
    day: { ...noTargets.day },
    month: { ...noTargets.month },
  };
  for (const target of targets) input[target.period][target.metric] = target.value;
  return input;
}

/** The targets' owner in a PUT /api/targets/assessors/{id}. */
export const targetAssessorParamsSchema = z.object({
  id: z.string().min(1, 'Assessor inválido.').max(64, 'Assessor inválido.'),
});

/** "Meta do dia: 12 de 20", the words the wallboard and the assessor's page use. */
export function targetProgressText(period: TargetPeriod, done: number, target: number): string {
  const format = new Intl.NumberFormat('pt-BR');
  return `${targetPeriodLabels[period]}: ${format.format(done)} de ${format.format(target)}`;
}
