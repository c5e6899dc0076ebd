import type { PerformanceFigures } from '../../../../core/reports.ts';
import { formatDecimal } from '../../../components/pt-br-format.ts';
import { formatClock, formatInteger, formatPerHour, formatRate } from './report-format.ts';

/** A figure column of the report's table: its value, and how its change reads. */
export interface FigureColumn {
  key: string;
  label: string;
  value: (figures: PerformanceFigures) => number | null;
  text: (value: number | null) => string;
  change: (difference: number) => string;
  lowerIsBetter?: boolean;
}

const integer = (value: number | null) => (value === null ? '—' : formatInteger(value));
const points = (difference: number) => `${formatDecimal(difference * 100)} p.p.`;

/** How a kind of figure reads, and its change. */
const count = { text: integer, change: formatInteger };
const duration = { text: formatClock, change: formatClock };

export const figureColumns: FigureColumn[] = [
  { key: 'calls', label: 'Ligações', value: (f) => f.calls, ...count },
  { key: 'contacts', label: 'Contatos', value: (f) => f.contacts, ...count },
  { key: 'accepted', label: 'Aceites', value: (f) => f.accepted, ...count },
  {
    key: 'conversion',
    label: 'Conversão',
    value: (f) => f.conversion,
    text: formatRate,
    change: points,
  },
  { key: 'signedIn', label: 'Tempo logado', value: (f) => f.signedInSeconds, ...duration },
  {
    key: 'pause',
    label: 'Pausas',
    value: (f) => f.pauseSeconds,
    ...duration,
    lowerIsBetter: true,
  },
  { key: 'aht', label: 'TMA', value: (f) => f.averageHandlingSeconds, ...duration },
  {
    key: 'perHour',
    label: 'Ligações por hora trabalhada',
    value: (f) => f.callsPerHourWorked,
    text: formatPerHour,
    change: formatDecimal,
  },
];
