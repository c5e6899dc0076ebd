import {
  Alert,
  Anchor,
  Button,
  Group,
  Kbd,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconClockCheck,
  IconClockX,
  IconHourglass,
  IconPhone,
} from '@tabler/icons-react';
import { type MyLead, type OutcomeChoice, outcomeButtons } from '../../../../core/attempts.ts';
import { leadStatusColors } from '../../../../core/lead-status.ts';
import { type Channel, channelLabels } from '../../../../core/leads.ts';
import { whatsAppLink } from '../../../../core/message-templates.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import { formatDateTime, formatInteger } from '../../../components/pt-br-format.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { MessageTemplatePicker, useFilledMessage } from '../../message-templates/index.ts';
import { CallbackForm } from './callback-form.tsx';
import classes from './lead-card.module.css';
import { LeadNumbers } from './lead-numbers.tsx';
import { isSendChord } from './shortcut-target.ts';
import { describeNextCall } from './use-shown-leads.ts';

export function leadCardId(leadId: number) {
  return `lead-${leadId}`;
}

export interface LeadCardProps {
  lead: MyLead;
  /** Whether it may be called now and until when, or when next; null until the rules load. */
  callingText: string | null;
  outsideWindow: boolean;
  current: boolean;
  channel: Channel;
  /** The WhatsApp message template picked for this lead, if any. */
  templateId: number | null;
  /** The number the next outcome is recorded against (a lead may have several). */
  dialled: string;
  note: string;
  askingCallback: boolean;
  /** The call centre's zone, for the call-back presets. */
  timeZone: string;
  busy: boolean;
  error: string | null;
  /** Focus inside a card makes it the current lead. */
  onSelect: () => void;
  onWhatsApp: () => void;
  onTemplate: (templateId: number | null) => void;
  onDial: (phone: string) => void;
  onNoteChange: (note: string) => void;
  onOutcome: (choice: OutcomeChoice) => void;
  onCallback: (callbackAt: string) => void;
  onCancelCallback: () => void;
}

export function LeadCard({
  lead,
  callingText,
  outsideWindow,
  current,
  channel,
  templateId,
  dialled,
  note,
  askingCallback,
  timeZone,
  busy,
  error,
  onSelect,
  onWhatsApp,
  onTemplate,
  onDial,
  onNoteChange,
  onOutcome,
  onCallback,
  onCancelCallback,
}: LeadCardProps) {
  const digits = lead.phone.replace(/\D/g, '');
  const place = [lead.city, lead.uf].filter(Boolean).join('/');
  const titleId = `${leadCardId(lead.id)}-name`;
  const callbackFormId = `${leadCardId(lead.id)}-callback`;
  const nextCallText = describeNextCall(lead);
  const message = useFilledMessage(templateId, lead.name);
  const picker = (
    <MessageTemplatePicker leadName={lead.name} value={templateId} onChange={onTemplate} />
  );

  return (
    <Paper
      component="article"
      id={leadCardId(lead.id)}
      aria-labelledby={titleId}
      aria-current={current ? 'true' : undefined}
      data-current={current || undefined}
      className={classes.card}
      tabIndex={-1}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      onFocus={current ? undefined : onSelect}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {lead.name}
          </Title>
          {lead.status === 'assigned' ? null : <StatusBadge status={lead.status} />}
        </Group>
        {lead.phones.length > 1 ? (
          <>
            {lead.phones.some((number) => number.whatsapp) ? picker : null}
            <LeadNumbers
              leadId={lead.id}
              leadName={lead.name}
              phones={lead.phones}
              dialled={dialled}
              whatsAppText={message}
              onDial={onDial}
              onWhatsApp={onWhatsApp}
            />
          </>
        ) : (
          <Group gap="md" wrap="wrap">
            <Anchor
              href={`tel:+${digits}`}
              fw={600}
              style={{ whiteSpace: 'nowrap' }}
              onClick={() => onDial(lead.phone)}
            >
              <Group gap={4} wrap="nowrap" component="span">
                <IconPhone size={16} aria-hidden />
                {formatBrazilianPhone(lead.phone)}
              </Group>
            </Anchor>
            <Anchor
              href={whatsAppLink(lead.phone, message)}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.whatsApp}
              onClick={onWhatsApp}
              onAuxClick={onWhatsApp}
              aria-label={`WhatsApp de ${lead.name} (abre em nova aba)`}
            >
              <Group gap={4} wrap="nowrap" component="span">
                <IconBrandWhatsapp size={16} aria-hidden />
                WhatsApp
              </Group>
            </Anchor>
            {picker}
          </Group>
        )}
        {nextCallText ? (
          <Group gap={4} wrap="nowrap">
            <IconHourglass size={16} aria-hidden />
            <Text size="sm">{nextCallText}</Text>
          </Group>
        ) : null}
        {callingText ? (
          <Group gap={4} wrap="nowrap">
            {outsideWindow ? (
              <IconClockX size={16} aria-hidden className={classes.outsideWindow} />
            ) : (
              <IconClockCheck size={16} aria-hidden />
            )}
            <Text size="sm" className={outsideWindow ? classes.outsideWindow : undefined}>
              {callingText}
            </Text>
          </Group>
        ) : null}
        <Text size="sm" c="dimmed">
          {[
            place || null,
            lead.callbackAt && lead.group !== 'waiting'
              ? `Retorno: ${formatDateTime(lead.callbackAt)}`
              : null,
            lead.attempts > 0 ? `${formatInteger(lead.attempts)} tentativa(s)` : null,
          ]
            .filter(Boolean)
            .join(' · ') || 'Sem cidade informada'}
        </Text>
        {lead.notes ? (
          <Text size="sm">
            <Text span fw={500}>
              Observações do lead:
            </Text>{' '}
            {lead.notes}
          </Text>
        ) : null}
        {lead.lastNote ? (
          <Text size="sm">
            <Text span fw={500}>
              Última observação:
            </Text>{' '}
            {lead.lastNote}
          </Text>
        ) : null}

        {current ? (
          <Stack gap="sm" mt="xs">
            <Textarea
              label="Observação"
              placeholder={
                askingCallback
                  ? 'Opcional. Ctrl+Enter confirma o retorno.'
                  : 'Opcional. Ctrl+Enter ou Esc volta aos atalhos.'
              }
              value={note}
              maxLength={2000}
              autosize
              minRows={1}
              maxRows={4}
              onChange={(event) => onNoteChange(event.currentTarget.value)}
              onKeyDown={(event) => {
                // The note goes with the outcome: Ctrl+Enter sends the call-back being asked
                // for, or hands the keys back so the next one records the call.
                if (isSendChord(event) && askingCallback) {
                  event.preventDefault();
                  const form = document.getElementById(callbackFormId);
                  if (form instanceof HTMLFormElement) form.requestSubmit();
                } else if (event.key === 'Escape' || isSendChord(event)) {
                  event.preventDefault();
                  document.getElementById(leadCardId(lead.id))?.focus();
                }
              }}
            />
            <Text size="xs" c="dimmed">
              Canal: {channelLabels[channel]}
            </Text>
            {askingCallback ? (
              <CallbackForm
                id={callbackFormId}
                timeZone={timeZone}
                loading={busy}
                onConfirm={onCallback}
                onCancel={onCancelCallback}
              />
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                {outcomeButtons.map((button) => (
                  <Button
                    key={button.key}
                    variant="light"
                    color={leadStatusColors[button.outcome]}
                    leftSection={<Kbd size="xs">{button.key}</Kbd>}
                    classNames={{ section: classes.shortcutKey }}
                    aria-keyshortcuts={button.key}
                    disabled={busy}
                    onClick={() => onOutcome(button)}
                    styles={{ label: { whiteSpace: 'normal' } }}
                  >
                    {button.label}
                  </Button>
                ))}
              </SimpleGrid>
            )}
            {error ? (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
