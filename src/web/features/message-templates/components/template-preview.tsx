import { Paper, Text } from '@mantine/core';
import { fillTemplate, sampleTemplateValues } from '../../../../core/message-templates.ts';

export interface TemplatePreviewProps {
  body: string;
  /** The company's name as saved; the sample stands in while there is none. */
  companyName: string;
}

/** The message as a lead called Maria would get it, updated as the admin types. */
export function TemplatePreview({ body, companyName }: TemplatePreviewProps) {
  const text = fillTemplate(body.trim(), {
    ...sampleTemplateValues,
    empresa: companyName || sampleTemplateValues.empresa,
  });
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        Pré-visualização
      </Text>
      <Paper
        withBorder
        radius="md"
        p="sm"
        bg="var(--mantine-color-green-light)"
        aria-label="Pré-visualização da mensagem"
        role="region"
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text || 'A mensagem aparece aqui enquanto você escreve.'}
        </Text>
      </Paper>
    </div>
  );
}
