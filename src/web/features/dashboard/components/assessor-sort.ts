import type { DashboardAssessor } from '../../../../core/dashboard.ts';

export type SortKey =
  | 'name'
  | 'dailyQuota'
  | 'distributed'
  | 'calls'
  | 'contacts'
  | 'accepted'
  | 'conversionRate'
  | 'lastActivityAt';

export interface Sort {
  key: SortKey;
  descending: boolean;
}

export interface Column {
  key: SortKey;
  label: string;
  /** Names the cell for tests and styles, in both layouts. */
  cell: string;
  numeric: boolean;
}

export const columns: Column[] = [
  { key: 'name', label: 'Assessor', cell: 'name', numeric: false },
  { key: 'dailyQuota', label: 'Cota diária', cell: 'quota', numeric: true },
  { key: 'distributed', label: 'Recebidos', cell: 'distributed', numeric: true },
  { key: 'calls', label: 'Ligações', cell: 'calls', numeric: true },
  { key: 'contacts', label: 'Contatos', cell: 'contacts', numeric: true },
  { key: 'accepted', label: 'Aceites', cell: 'accepted', numeric: true },
  { key: 'conversionRate', label: 'Conversão', cell: 'conversion', numeric: true },
  { key: 'lastActivityAt', label: 'Última atividade', cell: 'last-activity', numeric: false },
];

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Missing values (no rate, no call yet) sort last in either direction. */
function compare(a: DashboardAssessor, b: DashboardAssessor, key: SortKey): number {
  if (key === 'name') return collator.compare(a.name, b.name);
  const left = a[key];
  const right = b[key];
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return left < right ? -1 : 1;
}

export function sortAssessors(assessors: DashboardAssessor[], sort: Sort): DashboardAssessor[] {
  return [...assessors].sort((a, b) => {
    const order = compare(a, b, sort.key);
    const nullsLast = a[sort.key] === null || b[sort.key] === null;
    return sort.descending && !nullsLast ? -order : order;
  });
}

/** Figures read best from the highest; names from A. */
export const firstSortOf = (key: SortKey): Sort => ({ key, descending: key !== 'name' });
