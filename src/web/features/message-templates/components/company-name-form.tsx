import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { companyNameBodySchema } from '../../../../core/message-templates.ts';
import { useUpdateCompanyName } from '../api/update-company-name.ts';

export interface CompanyNameFormProps {
  saved: string;
}

/** The name `{empresa}` is filled with, in every template. */
export function CompanyNameForm({ saved }: CompanyNameFormProps) {
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCompanyName();

  const save = () => {
    const parsed = companyNameBodySchema.safeParse({ companyName: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Nome inválido.');
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: ({ companyName }) => {
        setDraft(companyName);
        notifications.show({ color: 'green', message: 'Nome da empresa salvo.' });
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Nome da empresa"
          description="Preenche {empresa} nas mensagens."
          maxLength={80}
          autoComplete="organization"
          miw={240}
          style={{ flex: 1 }}
          value={draft}
          error={error}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <Button type="submit" loading={update.isPending} disabled={draft.trim() === saved}>
          Salvar nome
        </Button>
      </Group>
    </form>
  );
}
