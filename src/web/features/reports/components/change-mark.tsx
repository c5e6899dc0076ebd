import { Text, VisuallyHidden } from '@mantine/core';
import classes from './change-mark.module.css';

export interface ChangeMarkProps {
  current: number | null;
  previous: number | null;
  /** How the difference reads: `3`, `2,5 p.p.`. */
  format: (difference: number) => string;
  /** Whether more is worse (time in pause): the colours swap, the arrows do not. */
  lowerIsBetter?: boolean;
}

/**
 * The change against the previous period: an arrow and the signed difference, in colour too
 * (the arrow and the sign say it without the colour); nothing to compare with: a dash.
 */
export function ChangeMark({ current, previous, format, lowerIsBetter = false }: ChangeMarkProps) {
  if (current === null || previous === null) {
    return (
      <Text component="span" size="xs" c="dimmed" display="block">
        <span aria-hidden>–</span>
        <VisuallyHidden>sem comparação com o período anterior</VisuallyHidden>
      </Text>
    );
  }
  const difference = current - previous;
  if (Math.abs(difference) < 1e-9) {
    return (
      <Text component="span" size="xs" c="dimmed" display="block" data-change="same">
        = igual
        <VisuallyHidden> ao período anterior</VisuallyHidden>
      </Text>
    );
  }
  const up = difference > 0;
  return (
    <Text
      component="span"
      size="xs"
      display="block"
      fw={500}
      className={up !== lowerIsBetter ? classes.better : classes.worse}
      data-change={up ? 'up' : 'down'}
    >
      {up ? '▲ +' : '▼ −'}
      {format(Math.abs(difference))}
      <VisuallyHidden> em relação ao período anterior</VisuallyHidden>
    </Text>
  );
}
