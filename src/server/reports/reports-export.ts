import { attemptOutcomes, leadStatusLabels } from '../../core/lead-status.ts';
import {
  type PerformanceFigures,
  type PerformanceReport,
  reportGroupings,
} from '../../core/reports.ts';
import type { Cell, SpreadsheetLayout } from '../export/index.ts';
import { textCell } from '../export/index.ts';

/** 3725 → `1:02:05`: hours, minutes and seconds, the hours as many as there are. */
export function durationText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

const decimals = (digits: number) =>
  new Intl.NumberFormat('pt-BR', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
const oneDecimal = decimals(1);
const twoDecimals = decimals(2);

/** A row of the export: the group's name and team, and its figures. */
export interface PerformanceExportRow {
  name: string;
  teamName: string | null;
  figures: PerformanceFigures;
}

/**
 * The report as a sheet. CSV cells are text as Excel in Brazil reads them (decimal comma, no
 * thousands separator); XLSX cells are numbers, which the spreadsheet shows in the reader's
 * locale. Durations are `h:mm:ss` in both.
 */
export function performanceExport(
  report: PerformanceReport,
  format: 'csv' | 'xlsx',
): { rows: PerformanceExportRow[]; layout: SpreadsheetLayout<PerformanceExportRow> } {
  const reasons = new Map<number, string>();
  for (const figures of [report.totals, ...report.rows]) {
    for (const pause of figures.pauseSecondsByReason) reasons.set(pause.reasonId, pause.reason);
  }
  const pauseColumns = [...reasons].sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'));
  const number = (value: number | null, text: Intl.NumberFormat, scale = 1): Cell => {
    if (value === null) return '';
    const scaled = value * scale;
    return format === 'csv' ? text.format(scaled) : Number(text.format(scaled).replace(',', '.'));
  };
  const byTeam = report.by === 'team';
  const headers = [
    reportGroupings[report.by],
    ...(byTeam ? [] : ['Equipe']),
    'Ligações',
    'Contatos',
    'Aceites',
    'Conversão (%)',
    'Tempo logado',
    'Tempo em pausa',
    ...pauseColumns.map(([, reason]) => `Pausa: ${reason}`),
    'TMA',
    'Ligações por hora trabalhada',
    ...attemptOutcomes.map((outcome) => leadStatusLabels[outcome]),
  ];
  const layout: SpreadsheetLayout<PerformanceExportRow> = {
    sheetName: 'Desempenho',
    headers,
    widths: { [reportGroupings[report.by]]: 28, Equipe: 20, 'Ligações por hora trabalhada': 20 },
    cells: ({ name, teamName, figures }) => [
      textCell(name),
      ...(byTeam ? [] : [textCell(teamName)]),
      figures.calls,
      figures.contacts,
      figures.accepted,
      number(figures.conversion, oneDecimal, 100),
      durationText(figures.signedInSeconds),
      durationText(figures.pauseSeconds),
      ...pauseColumns.map(([id]) =>
        durationText(
          figures.pauseSecondsByReason.find((pause) => pause.reasonId === id)?.seconds ?? 0,
        ),
      ),
      figures.averageHandlingSeconds === null ? '' : durationText(figures.averageHandlingSeconds),
      number(figures.callsPerHourWorked, twoDecimals),
      ...attemptOutcomes.map((outcome) => figures.outcomes[outcome]),
    ],
  };
  const rows = [
    ...report.rows.map((row) => ({ name: row.name, teamName: row.teamName, figures: row })),
    { name: 'Total', teamName: null, figures: report.totals },
  ];
  return { rows, layout };
}
