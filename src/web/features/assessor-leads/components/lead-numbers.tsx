import { Anchor, Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { type LeadPhone, phoneStateLabels } from '../../../../core/lead-phones.ts';
import { whatsAppLink } from '../../../../core/message-templates.ts';
import { formatBrazilianPhone } from '../../../../core/phone.ts';
import classes from './lead-card.module.css';

export interface LeadNumbersProps {
  leadId: number;
  leadName: string;
  phones: readonly LeadPhone[];
  /** The number the next outcome is recorded against. */
  dialled: string;
  /** The message the WhatsApp links open with, when a template was picked. */
  whatsAppText?: string | undefined;
  onDial: (phone: string) => void;
  onWhatsApp: () => void;
}

/**
 * A lead's numbers when it has several: each with its column, a `tel:` link (dialling one makes
 * it the number the outcome is recorded against), WhatsApp where the file said so, and its
 * state; a dead or blocked number cannot be picked.
 */
export function LeadNumbers({
  leadId,
  leadName,
  phones,
  dialled,
  whatsAppText,
  onDial,
  onWhatsApp,
}: LeadNumbersProps) {
  return (
    <Radio.Group
      name={`lead-${leadId}-number`}
      label="Número discado"
      value={dialled}
      onChange={onDial}
      size="sm"
    >
      <Stack gap={6} mt={4}>
        {phones.some((number) => number.state === 'valid') ? null : (
          <Text size="sm" c="red.8">
            Nenhum número deste lead pode ser ligado: registre "Número inválido".
          </Text>
        )}
        {phones.map((number) => {
          const digits = number.phone.replace(/\D/g, '');
          const callable = number.state === 'valid';
          const formatted = formatBrazilianPhone(number.phone);
          return (
            <Group key={number.phone} gap="xs" wrap="wrap">
              <Radio
                value={number.phone}
                disabled={!callable}
                aria-label={`${number.label}: ${formatted}`}
              />
              <Text size="sm" c="dimmed" w={90} truncate>
                {number.label}
              </Text>
              {callable ? (
                <Anchor
                  href={`tel:+${digits}`}
                  fw={600}
                  style={{ whiteSpace: 'nowrap' }}
                  onClick={() => onDial(number.phone)}
                >
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconPhone size={16} aria-hidden />
                    {formatted}
                  </Group>
                </Anchor>
              ) : (
                <Text size="sm" td="line-through" style={{ whiteSpace: 'nowrap' }}>
                  {formatted}
                </Text>
              )}
              {callable && number.whatsapp ? (
                <Anchor
                  href={whatsAppLink(number.phone, whatsAppText)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={classes.whatsApp}
                  onClick={() => {
                    onDial(number.phone);
                    onWhatsApp();
                  }}
                  aria-label={`WhatsApp de ${leadName} no ${formatted} (abre em nova aba)`}
                >
                  <IconBrandWhatsapp size={16} aria-hidden />
                </Anchor>
              ) : null}
              {callable ? null : (
                <Badge color="dark" variant="light" size="sm">
                  {phoneStateLabels[number.state]}
                </Badge>
              )}
            </Group>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
