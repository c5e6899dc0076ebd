import { Paper, SimpleGrid, Text } from '@mantine/core';
import { type Dashboard, dashboardRanges } from '../../../../core/dashboard.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { formatRate } from './dashboard-format.ts';

export interface Figure {
  label: string;
  value: string;
  hint: string;
}

export interface FigureGridProps {
  figures: Figure[];
  /** What the figures are of, for screen readers. */
  label: string;
}

/** Figures as cards: a definition list, each term with its value and what it counts. */
export function FigureGrid({ figures, label }: FigureGridProps) {
  return (
    <SimpleGrid
      cols={{ base: 2, md: figures.length }}
      spacing={{ base: 'xs', sm: 'md' }}
      component="dl"
      m={0}
      aria-label={label}
    >
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Text component="dt" size="sm" c="dimmed" fw={500}>
            {figure.label}
          </Text>
          <Text
            component="dd"
            m={0}
            fz={{ base: 22, sm: 28 }}
            fw={700}
            lh={1.2}
            data-figure={figure.label}
          >
            {figure.value}
          </Text>
          {/* A second description of the same term: a definition list holds only dt and dd. */}
          <Text component="dd" m={0} size="xs" c="dimmed" mt={4}>
            {figure.hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** What waits to be done: leads to hand out, leads in the lists, late call-backs. */
export function waitingFigures({ pool, backlog, overdueCallbacks, todayTotals }: Dashboard) {
  return [
    {
      label: 'Leads para distribuir',
      value: formatInteger(pool.total),
      hint: `${formatInteger(pool.new)} novos e ${formatInteger(pool.recycled)} reciclados`,
    },
    {
      label: 'Nas listas dos assessores',
      value: formatInteger(backlog.total),
      hint: `ainda a ligar: ${formatInteger(backlog.today)} recebidos hoje e ${formatInteger(backlog.earlier)} de dias anteriores`,
    },
    {
      label: 'Retornos atrasados',
      value: formatInteger(overdueCallbacks),
      hint: 'leads em Retornar com o horário combinado já passado',
    },
    {
      label: 'Fora do horário hoje',
      value: formatInteger(todayTotals.outOfHours),
      hint: 'ligações de hoje fora do horário de ligação, com o motivo informado',
    },
  ] satisfies Figure[];
}

/** The period's calls in the three words: ligações, contatos, aceites. */
export function periodFigures({ range, totals }: Dashboard) {
  const phrase = dashboardRanges[range.key].phrase;
  return [
    {
      label: 'Distribuídos',
      value: formatInteger(totals.distributed),
      hint: `entregues aos assessores ${phrase}`,
    },
    {
      label: 'Ligações',
      value: formatInteger(totals.calls),
      hint: 'todas as ligações registradas, com qualquer resultado',
    },
    {
      label: 'Contatos',
      value: formatInteger(totals.contacts),
      hint: 'ligações em que a pessoa atendeu',
    },
    {
      label: 'Aceites',
      value: formatInteger(totals.accepted),
      hint: 'ligações com o resultado Aceitou',
    },
    {
      label: 'Conversão',
      value: formatRate(totals.conversionRate),
      hint: 'aceites ÷ contatos',
    },
  ] satisfies Figure[];
}
