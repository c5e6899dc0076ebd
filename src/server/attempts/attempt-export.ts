import { retryKeyLabels } from '../../core/contact-rules.ts';
import { leadStatusLabels } from '../../core/lead-status.ts';
import { channelLabels } from '../../core/leads.ts';
import { answeredOutcomeKeys } from '../../core/outcomes.ts';
import { formatBrazilianPhone } from '../../core/phone.ts';
import { type SpreadsheetLayout, textCell } from '../export/index.ts';
import type { AttemptExportRow } from './attempt.repository.ts';

const contactOutcomes: ReadonlySet<string> = new Set(answeredOutcomeKeys);

/** The call records as exported (`/leads/listcall`). */
export const attemptExportLayout: SpreadsheetLayout<AttemptExportRow> = {
  sheetName: 'Ligações',
  headers: [
    'Data e hora',
    'Assessor',
    'Lead',
    'Telefone',
    'Canal',
    'Resultado',
    // A contato: someone answered (the outcome registry's word), so a sheet counts them.
    'Contato',
    'Retorno',
    'Observação',
    'Motivo fora do horário',
    'Modelo de mensagem',
  ],
  widths: {
    Assessor: 24,
    Lead: 32,
    Observação: 48,
    'Motivo fora do horário': 40,
    'Modelo de mensagem': 32,
  },
  cells: (row) => [
    row.createdAtText,
    textCell(row.assessorName),
    textCell(row.leadName),
    textCell(row.leadPhone ? formatBrazilianPhone(row.leadPhone) : null),
    channelLabels[row.channel],
    row.noAnswerKind ? retryKeyLabels[row.noAnswerKind] : leadStatusLabels[row.outcome],
    contactOutcomes.has(row.outcome) ? 'Sim' : 'Não',
    row.callbackAtText ?? '',
    textCell(row.note),
    textCell(row.outsideWindowReason),
    textCell(row.messageTemplateName),
  ],
};
