import { NativeSelect } from '@mantine/core';
import { useEffect } from 'react';
import { useMessageTemplates } from '../api/get-message-templates.ts';

export interface MessageTemplatePickerProps {
  /** Names the lead, so each card's picker has a label of its own. */
  leadName: string;
  value: number | null;
  onChange: (templateId: number | null) => void;
}

/**
 * The message the WhatsApp link opens with, chosen among the active templates. A native select:
 * on a phone it opens the system's own list, and it takes the keyboard as any select does.
 * Nothing shows while there is no template to choose.
 */
export function MessageTemplatePicker({ leadName, value, onChange }: MessageTemplatePickerProps) {
  const templates = useMessageTemplates();
  const active = templates.data?.templates ?? [];
  const chosen = value !== null && active.some((template) => template.id === value);
  const stale = value !== null && templates.data !== undefined && !chosen;
  // A template archived since it was picked must not go with the call.
  useEffect(() => {
    if (stale) onChange(null);
  }, [stale, onChange]);
  if (active.length === 0) return null;
  return (
    <NativeSelect
      size="xs"
      w={220}
      maw="100%"
      aria-label={`Mensagem do WhatsApp para ${leadName}`}
      value={chosen ? String(value) : ''}
      onChange={(event) => {
        const id = Number(event.currentTarget.value);
        onChange(Number.isInteger(id) && id > 0 ? id : null);
      }}
      data={[
        { value: '', label: 'Sem mensagem pronta' },
        ...active.map((template) => ({ value: String(template.id), label: template.name })),
      ]}
    />
  );
}
