import type { ColumnMapping, LeadField } from '../../core/imports.ts';

const fieldsByHeader: [LeadField, string[]][] = [
  ['name', ['nome', 'nome completo', 'cliente', 'name', 'nome do cliente']],
  ['email', ['e-mail', 'email', 'e mail']],
  ['cpf', ['cpf']],
  ['city', ['cidade', 'municipio']],
  ['uf', ['uf', 'estado']],
  ['notes', ['observacao', 'observacoes', 'obs']],
];

/** Headers of phone columns, as many as the file has: "Telefone 2", "Celular", "Fone res.". */
const phoneHeader = /^(telefone|tel|fone|celular|cel|phone|contato)( .*)?$/;
const whatsappHeader = /^(whatsapp|whats|wpp|zap)( .*)?$/;

function simplify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[_.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Guesses the lead fields' columns from Portuguese header names: every phone and WhatsApp
 * column, and the first match of each other field.
 */
export function guessMapping(columns: string[]): ColumnMapping {
  const mapping: Record<string, LeadField> = {};
  for (const column of columns) {
    const header = simplify(column);
    if (whatsappHeader.test(header)) mapping[column] = 'whatsapp';
    else if (phoneHeader.test(header)) mapping[column] = 'phone';
  }
  for (const [field, names] of fieldsByHeader) {
    const column = columns.find(
      (candidate) => !(candidate in mapping) && names.includes(simplify(candidate)),
    );
    if (column !== undefined) mapping[column] = field;
  }
  return mapping as ColumnMapping;
}
