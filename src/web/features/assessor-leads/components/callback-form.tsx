import { Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { DateTimeField } from '../../../components/pt-br-pickers.tsx';
import { callbackPresets } from './callback-presets.ts';
import { isSendChord } from './shortcut-target.ts';

export interface CallbackFormProps {
  /** The form's id: the note's Ctrl+Enter sends it too. */
  id: string;
  /** The call centre's zone: the presets are on its clock. */
  timeZone: string;
  loading: boolean;
  onConfirm: (callbackAt: string) => void;
  onCancel: () => void;
}

/** `2026-03-05T14:07` for the date and time field, in the browser's time zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * 'Retornar' needs the date and time of the call-back, in the future: picked, or one of the
 * presets, after which the focus is on "Confirmar retorno" so Enter sends it.
 */
export function CallbackForm({ id, timeZone, loading, onConfirm, onCancel }: CallbackFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Read when the form opens: "+1 h" is an hour from when the assessor asked.
  const presets = useMemo(() => callbackPresets(new Date(), timeZone), [timeZone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const when = new Date(value);
    if (value === '' || Number.isNaN(when.getTime())) {
      setError('Informe a data e a hora do retorno.');
      return;
    }
    if (when.getTime() <= Date.now()) {
      setError('O retorno deve ser no futuro.');
      return;
    }
    onConfirm(when.toISOString());
  };

  return (
    <form
      id={id}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        } else if (isSendChord(event)) {
          event.preventDefault();
          event.currentTarget.requestSubmit();
        }
      }}
      noValidate
    >
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateTimeField
            label="Data e hora do retorno"
            required
            min={localInputValue(new Date())}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            error={error}
            autoFocus
            miw={220}
          />
          <Group gap={6} wrap="wrap" role="group" aria-label="Sugestões de retorno">
            {presets.map((preset) => (
              <Button
                key={preset.label}
                variant="default"
                size="xs"
                onClick={() => {
                  setValue(localInputValue(preset.at));
                  setError(null);
                  confirmRef.current?.focus();
                }}
              >
                {preset.label}
              </Button>
            ))}
          </Group>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button ref={confirmRef} type="submit" loading={loading}>
            Confirmar retorno
          </Button>
          <Button variant="subtle" onClick={onCancel} disabled={loading}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
