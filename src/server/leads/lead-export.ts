import { formatCpf } from '../../core/cpf.ts';
import { type LeadPhone, phoneStateLabels } from '../../core/lead-phones.ts';
import { type LeadStatus, leadStatusLabels } from '../../core/lead-status.ts';
import { formatBrazilianPhone } from '../../core/phone.ts';
import { type Cell, type SpreadsheetLayout, textCell } from '../export/index.ts';

export { neutraliseCell } from '../export/index.ts';

/** A lead as exported; erased leads are never among them. */
export interface ExportRow {
  name: string | null;
  phone: string | null;
  /** The lead's other numbers (lead_phones), in order; null for a lead with one. */
  otherPhones: Omit<LeadPhone, 'label'>[] | null;
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
  'Outros telefones',
  'E-mail',
  'CPF',
  'Cidade',
  'UF',
  'Status',
  'Assessor',
  'Lote',
  'Origem',
  'Ligações',
  'Reciclagens',
  'Criado em',
] as const;

function cells(row: ExportRow): Cell[] {
  return [
    textCell(row.name),
    textCell(row.phone ? formatBrazilianPhone(row.phone) : null),
    textCell(row.otherPhones?.map(describePhone).join(', ')),
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

/** `(11) 98765-4321 WhatsApp`, `(21) 3456-7890 Inválido`: a number and what sets it apart. */
function describePhone(phone: Omit<LeadPhone, 'label'>): string {
  return [
    formatBrazilianPhone(phone.phone),
    phone.whatsapp ? 'WhatsApp' : null,
    phone.state === 'valid' ? null : phoneStateLabels[phone.state],
  ]
    .filter(Boolean)
    .join(' ');
}

export const leadExportLayout: SpreadsheetLayout<ExportRow> = {
  sheetName: 'Leads',
  headers: exportHeaders,
  widths: { Nome: 32 },
  cells,
};
