import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Dashboard } from '../../../../core/dashboard.ts';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { formatRate } from './dashboard-format.ts';

interface Figure {
  label: string;
  value: string;
  hint: string;
}

export interface FigureCardsProps {
  dashboard: Dashboard;
}

/** The day at a glance: the pool and what the team did today. */
export function FigureCards({ dashboard }: FigureCardsProps) {
  const { pool, todayTotals } = dashboard;
  const figures: Figure[] = [
    {
      label: 'Pool disponível',
      value: formatInteger(pool.total),
      hint: `${formatInteger(pool.new)} novos e ${formatInteger(pool.recycled)} reciclados`,
    },
    {
      label: 'Distribuídos hoje',
      value: formatInteger(todayTotals.distributed),
      hint: 'entregues aos assessores nas distribuições de hoje',
    },
    {
      label: 'Atendidos hoje',
      value: formatInteger(todayTotals.attended),
      hint: 'ligações registradas hoje, com qualquer resultado',
    },
    {
      label: 'Aceitos hoje',
      value: formatInteger(todayTotals.accepted),
      hint: 'ligações de hoje com o resultado Aceitou',
    },
    {
      label: 'Conversão hoje',
      value: formatRate(todayTotals.conversionRate),
      hint: 'aceitos ÷ atendidos',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md" component="dl" m={0}>
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed" fw={500}>
            {figure.label}
          </Text>
          <Text component="dd" m={0} fz={28} fw={700} lh={1.2} data-figure={figure.label}>
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
