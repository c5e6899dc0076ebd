import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

export interface CallbackFormProps {
  loading: boolean;
  onConfirm: (callbackAt: string) => void;
  onCancel: () => void;
}

/** `2026-03-05T14:07` for a datetime-local input, in the browser's time zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'Retornar' needs the date and time of the call-back, in the future. */
export function CallbackForm({ loading, onConfirm, onCancel }: CallbackFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

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
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
      noValidate
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="datetime-local"
          label="Data e hora do retorno"
          required
          min={localInputValue(new Date())}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoFocus
          miw={220}
        />
        <Button type="submit" loading={loading}>
          Confirmar retorno
        </Button>
        <Button variant="subtle" onClick={onCancel} disabled={loading}>
          Cancelar
        </Button>
      </Group>
    </form>
  );
}
