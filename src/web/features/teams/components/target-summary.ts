import {
  type TargetPeriod,
  type TargetsInput,
  targetPeriodLabels,
} from '../../../../core/targets.ts';

const count = new Intl.NumberFormat('pt-BR');

/** "10 aceites · 120 ligações", "Sem meta" when the period has none. */
export function periodSummary(targets: TargetsInput, period: TargetPeriod): string {
  const { accepted, calls } = targets[period];
  const parts = [
    accepted === null ? null : `${count.format(accepted)} ${accepted === 1 ? 'aceite' : 'aceites'}`,
    calls === null ? null : `${count.format(calls)} ${calls === 1 ? 'ligação' : 'ligações'}`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'Sem meta' : parts.join(' · ');
}

/** "Meta do dia: 10 aceites · 120 ligações". */
export function periodLine(targets: TargetsInput, period: TargetPeriod): string {
  return `${targetPeriodLabels[period]}: ${periodSummary(targets, period)}`;
}
