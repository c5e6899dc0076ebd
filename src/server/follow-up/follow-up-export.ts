import { formatCpf } from '../../core/cpf.ts';
import { formatBrazilianPhone } from '../../core/phone.ts';
import { type SpreadsheetLayout, textCell } from '../export/index.ts';
import type { FollowUpExportRow } from './follow-up.repository.ts';

/** The accepted leads as exported (`/acompanhar`). */
export const followUpExportLayout: SpreadsheetLayout<FollowUpExportRow> = {
  sheetName: 'Aceitaram',
  headers: [
    'Aceito em',
    'Assessor',
    'Nome',
    'Telefone',
    'E-mail',
    'CPF',
    'Cidade',
    'UF',
    'Cadastro confirmado em',
    'Última observação',
  ],
  widths: {
    Assessor: 24,
    Nome: 32,
    'E-mail': 28,
    'Cadastro confirmado em': 22,
    'Última observação': 48,
  },
  cells: (row) => [
    row.acceptedAtText,
    textCell(row.assessorName),
    textCell(row.name),
    textCell(row.phone ? formatBrazilianPhone(row.phone) : null),
    textCell(row.email),
    textCell(row.cpf ? formatCpf(row.cpf) : null),
    textCell(row.city),
    textCell(row.uf),
    row.registrationConfirmedAtText ?? '',
    textCell(row.lastNote),
  ],
};
