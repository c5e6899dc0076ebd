import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type PhoneState, phoneStateLabels, phoneStates } from '../../../../core/lead-phones.ts';
import type { LeadDetail } from '../../../../core/leads.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { useAddLeadPhone } from '../api/add-lead-phone.ts';
import { useSetLeadPhoneState } from '../api/set-lead-phone-state.ts';

const stateOptions = phoneStates.map((state) => ({ value: state, label: phoneStateLabels[state] }));

/**
 * A lead's numbers, each with its state for an admin to set right (a number found dead by
 * mistake, one the person asked not to be called on), and a number the person gave since.
 */
export function LeadPhonesEditor({ lead }: { lead: LeadDetail }) {
  const setState = useSetLeadPhoneState();
  const add = useAddLeadPhone();
  const [phone, setPhone] = useState('');
  const [label, setLabel] = useState('');
  const [whatsapp, setWhatsapp] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { id: lead.id, number: { phone, label, whatsapp } },
      {
        onSuccess: () => {
          setPhone('');
          setLabel('');
          setWhatsapp(false);
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      {lead.phones.map((number) => (
        <Group key={number.phone} gap="xs" wrap="wrap" justify="space-between">
          <Text size="sm">
            {number.label}: {formatBrazilianPhone(number.phone)}
            {number.whatsapp ? ' · WhatsApp' : ''}
          </Text>
          <NativeSelect
            size="xs"
            aria-label={`Estado do número ${formatBrazilianPhone(number.phone)}`}
            data={stateOptions}
            value={number.state}
            disabled={setState.isPending}
            onChange={(event) =>
              setState.mutate({
                id: lead.id,
                phone: number.phone,
                state: event.currentTarget.value as PhoneState,
              })
            }
          />
        </Group>
      ))}
      {setState.error ? <Alert color="red">{setState.error.message}</Alert> : null}
      <form onSubmit={submit} aria-label="Acrescentar número">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label="Outro número"
            placeholder="(11) 98765-4321"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            w={170}
          />
          <TextInput
            label="Que número é"
            placeholder="Celular, Trabalho…"
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            w={150}
          />
          <Checkbox
            label="WhatsApp"
            checked={whatsapp}
            onChange={(event) => setWhatsapp(event.currentTarget.checked)}
            mb={8}
          />
          {/* Both fields are needed to add a number, not to have a lead: no asterisk, a button
              that waits for them. */}
          <Button
            type="submit"
            variant="light"
            loading={add.isPending}
            disabled={phone.trim() === '' || label.trim() === ''}
          >
            Acrescentar
          </Button>
        </Group>
      </form>
      {add.error ? <Alert color="red">{add.error.message}</Alert> : null}
    </Stack>
  );
}
