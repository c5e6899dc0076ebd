import { Checkbox, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import type { CallingRule, DayWindow } from '../../../../core/calling-windows.ts';
import { TimeField } from '../../../components/pt-br-pickers.tsx';
import { useNarrowScreen } from '../../../lib/narrow-screen.ts';

export const weekdayLabels = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'];

const dayMinutes = 24 * 60;
const twoDigits = (value: number) => String(value).padStart(2, '0');
export const clockOf = (minute: number) =>
  `${twoDigits(Math.floor(minute / 60))}:${twoDigits(minute % 60)}`;
const minuteOf = (clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** A rule in a line: "seg–sex 08:00–18:00; sáb 09:00–14:00; sem feriados". */
export function describeRule(rule: CallingRule): string {
  const days = rule.weekdays
    .map((window, weekday) =>
      window
        ? `${weekdayLabels[weekday]?.slice(0, 3).toLowerCase()} ${clockOf(window.from)}–${clockOf(window.to)}`
        : null,
    )
    .filter(Boolean);
  return `${days.length > 0 ? days.join('; ') : 'nenhum dia'}; ${rule.onHolidays ? 'também em feriados' : 'sem feriados'}`;
}

export interface CallingRuleEditorProps {
  rule: CallingRule;
  onChange: (rule: CallingRule) => void;
}

/** A state's (or the national) rule: each weekday's window, holidays and the law it follows. */
export function CallingRuleEditor({ rule, onChange }: CallingRuleEditorProps) {
  const narrow = useNarrowScreen();
  const setDay = (weekday: number, window: DayWindow | null) =>
    onChange({
      ...rule,
      weekdays: rule.weekdays.map((current, index) => (index === weekday ? window : current)),
    });
  return (
    <Stack gap="sm">
      <Table aria-label="Horário de cada dia" verticalSpacing={4} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Dia</Table.Th>
            <Table.Th w={120}>Das</Table.Th>
            <Table.Th w={120}>Até</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rule.weekdays.map((window, weekday) => {
            const label = weekdayLabels[weekday] ?? '';
            // A phone keeps the three letters, so the two times fit beside them.
            const shown = narrow ? label.slice(0, 3) : label;
            return (
              <Table.Tr key={label}>
                <Table.Td>
                  <Checkbox
                    label={shown}
                    aria-label={label}
                    checked={window !== null}
                    onChange={(event) =>
                      setDay(
                        weekday,
                        event.currentTarget.checked ? { from: 8 * 60, to: 18 * 60 } : null,
                      )
                    }
                  />
                </Table.Td>
                <Table.Td>
                  {window ? (
                    <TimeField
                      aria-label={`${label}: das`}
                      value={clockOf(window.from)}
                      onChange={(clock) => {
                        // Half-typed (hours without minutes) keeps the time it had.
                        if (clock !== '') setDay(weekday, { ...window, from: minuteOf(clock) });
                      }}
                    />
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {window ? (
                    <TimeField
                      aria-label={`${label}: até`}
                      value={clockOf(window.to % dayMinutes)}
                      onChange={(clock) => {
                        // An end at 00:00 is the midnight that ends the day: a clock has no 24:00.
                        if (clock !== '')
                          setDay(weekday, { ...window, to: minuteOf(clock) || dayMinutes });
                      }}
                    />
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Horários de 24 horas; até 00:00 é até a meia-noite, o fim do dia.
      </Text>
      <Group>
        <Checkbox
          label="Também em feriados (nacionais e os acrescentados abaixo)"
          checked={rule.onHolidays}
          onChange={(event) => onChange({ ...rule, onHolidays: event.currentTarget.checked })}
        />
      </Group>
      <Textarea
        label="Lei ou norma que a regra segue"
        description="Aparece para os administradores; deixe vazio para uma regra da casa."
        maxLength={500}
        autosize
        minRows={2}
        value={rule.law ?? ''}
        onChange={(event) =>
          onChange({
            ...rule,
            law: event.currentTarget.value === '' ? null : event.currentTarget.value,
          })
        }
      />
    </Stack>
  );
}
