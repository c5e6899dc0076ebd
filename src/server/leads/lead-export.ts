import { formatCpf } from '../../core/cpf.ts';
import { type LeadStatus, leadStatusLabels } from '../../core/lead-status.ts';
import { formatBrazilianPhone } from '../../core/phone.ts';
import { type Cell, type SpreadsheetLayout, textCell } from '../export/spreadsheet-export.ts';

export { neutraliseCell } from '../export/spreadsheet-export.ts';

/** A lead as exported; erased leads are never among them. */
export interface ExportRow {
  name: string | null;
  phone: string | null;
  email: string | null;
  cpf: string | null;
  city: string | null;
  uf: string | null;
  status: LeadStatus;
  ownerName: string | null;
  batchName: string | null;
  source: string | null;
  attempts: number;
  recycles: number;
  /** Already dd/mm/aaaa HH:mm in the call centre's zone. */
  createdAt: string;
}

export const exportHeaders = [
  'Nome',
  'Telefone',
  'E-mail',
  'CPF',
  'Cidade',
  'UF',
  'Status',
  'Assessor',
  'Lote',
  'Origem',
  'Tentativas',
  'Reciclagens',
  'Criado em',
] as const;

function cells(row: ExportRow): Cell[] {
  return [
    textCell(row.name),
    textCell(row.phone ? formatBrazilianPhone(row.phone) : null),
    textCell(row.email),
    textCell(row.cpf ? formatCpf(row.cpf) : null),
    textCell(row.city),
    textCell(row.uf),
    leadStatusLabels[row.status],
    textCell(row.ownerName),
    textCell(row.batchName),
    textCell(row.source),
    row.attempts,
    row.recycles,
    row.createdAt,
  ];
}

export const leadExportLayout: SpreadsheetLayout<ExportRow> = {
  sheetName: 'Leads',
  headers: exportHeaders,
  widths: { Nome: 32 },
  cells,
};
