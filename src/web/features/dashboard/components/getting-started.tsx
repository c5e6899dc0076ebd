import { Anchor, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import type { Dashboard } from '../../../../core/dashboard.ts';

interface Step {
  done: boolean;
  text: string;
  link: { to: string; label: string };
}

export interface GettingStartedProps {
  dashboard: Dashboard;
}

/** What a new team does first, in order, with the steps already done ticked. */
export function GettingStarted({ dashboard }: GettingStartedProps) {
  const steps: Step[] = [
    {
      done: dashboard.totalLeads > 0,
      text: 'Importe a primeira lista de leads (CSV ou Excel).',
      link: { to: appRoutes.importLeads.path, label: 'Incluir leads' },
    },
    {
      done: dashboard.activeAssessors > 0,
      text: 'Crie os assessores que vão ligar para os leads.',
      link: { to: appRoutes.createUser.path, label: 'Criar assessor' },
    },
    {
      done: dashboard.totalLeads > dashboard.pool.total,
      text: 'Distribua os leads do dia entre os assessores.',
      link: { to: appRoutes.dailyLeads.path, label: 'Distribuir leads' },
    },
  ];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="getting-started">
      <Title order={2} size="h4" id="getting-started">
        Comece por aqui
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="md">
        O painel mostra os números assim que houver leads e assessores trabalhando.
      </Text>
      <List type="ordered" spacing="sm">
        {steps.map((step) => (
          <List.Item
            key={step.link.to}
            icon={
              <ThemeIcon size={22} radius="xl" color={step.done ? 'green' : 'gray'} aria-hidden>
                {step.done ? '✓' : '•'}
              </ThemeIcon>
            }
          >
            <Text
              span
              td={step.done ? 'line-through' : undefined}
              c={step.done ? 'dimmed' : undefined}
            >
              {step.text}
            </Text>{' '}
            {step.done ? (
              <Text span size="sm" c="green.8">
                (feito)
              </Text>
            ) : (
              <Anchor component={Link} to={step.link.to}>
                {step.link.label}
              </Anchor>
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** A team is new until it has leads and someone to call them. */
export function isNewTeam(dashboard: Dashboard): boolean {
  return dashboard.totalLeads === 0 || dashboard.activeAssessors === 0;
}
