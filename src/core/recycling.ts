import { z } from 'zod';
import { leadStatusLabels, leadStatusSchema } from './lead-status.ts';

/** The answer of `POST /api/reciclarleadsteste` (seed §3 "Recycle result"). */
export const recycleResultSchema = z.object({
  message: z.string(),
  /** How many `red` leads this recycle moved to `recycled`. */
  updatedAlertCount: z.number().int().nonnegative(),
});
export type RecycleResult = z.infer<typeof recycleResultSchema>;

/** The message marker of a recycle that found nothing to move (seed §4). */
export const nothingLeftMarker = 'not';

const countFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** The success text of the seed, with the count written as people in Brazil read it (1.234). */
export function recycledMessage(count: number): string {
  return `Foram reciclados ${countFormatter.format(count)} leads, que não aceitaram se cadastrar.`;
}

export function recycleResultOf(count: number): RecycleResult {
  return {
    message: count === 0 ? nothingLeftMarker : recycledMessage(count),
    updatedAlertCount: count,
  };
}

/** The history reason of every lead a recycle moves. */
export const recycleHistoryReason = 'Reciclagem';

/** The texts of the recycle dialog, exactly as the seed writes them (seed §2, §8). */
export const recycleDialogTexts = {
  button: 'Reciclar Leads',
  confirmTitle: 'Tem certeza que deseja reciclar Leads?',
  confirmText: 'Ao reciclar, todos os leads que já foram atendidos voltarão para os Assessores.',
  cancel: 'Cancelar',
  confirm: 'Reciclar',
  progressTitle: 'Reciclando',
  progressText: 'Aguarde um momento, estamos reciclando os leads.',
  successTitle: 'Parabéns seus leads foram reciclados!',
  successDone: 'Pronto!',
  nothingLeftTitle: 'Não há mais leads a serem reciclados',
  nothingLeftText: 'Você reciclou todos os leads.',
  nothingLeftDone: 'Entendi!',
  serverError: 'Erro ao reciclar os leads',
  connectionError: 'Erro ao tentar se conectar ao servidor.',
} as const;

export const maxMinDaysSinceRefusal = 365;
export const maxRecyclesLimit = 1000;

/**
 * Optional admin rules of a recycle. The defaults keep the seed's behaviour: every `red`
 * lead is recycled, however recent its refusal and however often it was recycled before.
 */
export const recyclingRulesSchema = z.object({
  /** Days that must have passed since the refusal (the lead became `red`); 0 = none. */
  minDaysSinceRefusal: z
    .number()
    .int('Informe um número inteiro de dias.')
    .min(0, 'O tempo mínimo não pode ser negativo.')
    .max(
      maxMinDaysSinceRefusal,
      `O tempo mínimo pode ser de no máximo ${maxMinDaysSinceRefusal} dias.`,
    ),
  /** Recycles a lead may have had; a lead that reached it stays `red`. null = no limit. */
  maxRecyclesPerLead: z
    .number()
    .int('Informe um número inteiro de reciclagens.')
    .min(1, 'O máximo de reciclagens deve ser pelo menos 1 (deixe em branco para não limitar).')
    .max(maxRecyclesLimit, `O máximo de reciclagens pode ser de no máximo ${maxRecyclesLimit}.`)
    .nullable(),
});
export type RecyclingRules = z.infer<typeof recyclingRulesSchema>;

export const defaultRecyclingRules: RecyclingRules = {
  minDaysSinceRefusal: 0,
  maxRecyclesPerLead: null,
};

/** `PATCH /api/recycling/rules`: the rules to change; the others stay as they are. */
export const recyclingRulesPatchSchema = recyclingRulesSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, {
    error: 'Informe ao menos uma regra para alterar.',
  });
export type RecyclingRulesPatch = z.input<typeof recyclingRulesPatchSchema>;

/** The rules as a sentence, for the admin who is about to recycle. */
export function describeRecyclingRules(rules: RecyclingRules): string {
  const time =
    rules.minDaysSinceRefusal === 0
      ? 'sem tempo mínimo desde a recusa'
      : `só leads recusados há pelo menos ${rules.minDaysSinceRefusal} ${rules.minDaysSinceRefusal === 1 ? 'dia' : 'dias'}`;
  const limit =
    rules.maxRecyclesPerLead === null
      ? 'sem limite de reciclagens por lead'
      : `no máximo ${rules.maxRecyclesPerLead} ${rules.maxRecyclesPerLead === 1 ? 'reciclagem' : 'reciclagens'} por lead`;
  return `Regras: ${time}; ${limit}.`;
}

/**
 * `GET /api/recycling/preview`: how many leads a recycle would move now, from which status,
 * under the rules it would apply.
 */
export const recyclePreviewSchema = z.object({
  count: z.number().int().nonnegative(),
  fromStatus: leadStatusSchema,
  rules: recyclingRulesSchema,
});
export type RecyclePreview = z.infer<typeof recyclePreviewSchema>;

/**
 * The dialog's line under the seed's words, in parts so the status can stand out:
 * "2.689 leads | Não aceitou | voltam para o pool (recusados há pelo menos 7 dias)."
 */
export function recyclePreviewParts(preview: RecyclePreview): {
  count: string;
  status: string;
  rest: string;
} {
  const { count, rules } = preview;
  const plural = count > 1;
  const days = rules.minDaysSinceRefusal;
  const wait =
    days === 0
      ? 'sem tempo mínimo desde a recusa'
      : `${plural ? 'recusados' : 'recusado'} há pelo menos ${countFormatter.format(days)} ${days === 1 ? 'dia' : 'dias'}`;
  return {
    count:
      count === 0 ? 'Nenhum lead' : `${countFormatter.format(count)} ${plural ? 'leads' : 'lead'}`,
    status: leadStatusLabels[preview.fromStatus],
    rest: `${plural ? 'voltam' : 'volta'} para o pool${count === 0 ? ' agora' : ''} (${wait}).`,
  };
}

/** The preview line as one sentence. */
export function recyclePreviewText(preview: RecyclePreview): string {
  const parts = recyclePreviewParts(preview);
  return `${parts.count} ${parts.status} ${parts.rest}`;
}
