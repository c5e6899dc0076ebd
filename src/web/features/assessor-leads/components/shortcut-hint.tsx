import { Kbd, Text } from '@mantine/core';
import { outcomeButtons, undoWindowSeconds } from '../../../../core/attempts.ts';
import classes from './lead-card.module.css';

const firstKey = outcomeButtons[0]?.key ?? '1';
const lastKey = outcomeButtons.at(-1)?.key ?? firstKey;

/** The page's keys, in a line; a touch screen has none to press and does not show it. */
export function ShortcutHint() {
  return (
    <Text size="xs" c="dimmed" className={classes.shortcutKey}>
      Atalhos: <Kbd size="xs">{firstKey}</Kbd>–<Kbd size="xs">{lastKey}</Kbd> registram o resultado
      do lead atual, na ordem dos botões; <Kbd size="xs">J</Kbd>/<Kbd size="xs">K</Kbd> ou{' '}
      <Kbd size="xs">↓</Kbd>/<Kbd size="xs">↑</Kbd> mudam de lead; <Kbd size="xs">Z</Kbd> desfaz a
      última ligação (por {undoWindowSeconds} segundos); <Kbd size="xs">Esc</Kbd> sai da observação;{' '}
      <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> envia o motivo, a observação e o retorno.
    </Text>
  );
}
