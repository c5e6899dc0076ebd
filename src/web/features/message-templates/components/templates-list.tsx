import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { MessageTemplate } from '../../../../core/message-templates.ts';

export interface TemplatesListProps {
  templates: MessageTemplate[];
  /** The template whose archiving or bringing back is under way. */
  busyId: number | null;
  onEdit: (template: MessageTemplate) => void;
  onToggleActive: (template: MessageTemplate) => void;
}

/** The templates as cards, which fit a phone's width as well as a desk's. */
export function TemplatesList({ templates, busyId, onEdit, onToggleActive }: TemplatesListProps) {
  if (templates.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nenhum modelo ainda. Escreva o primeiro acima.
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {templates.map((template) => {
        const titleId = `message-template-${template.id}`;
        return (
          <Paper
            key={template.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            aria-labelledby={titleId}
            opacity={template.active ? 1 : 0.75}
          >
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {template.name}
              </Title>
              {template.active ? null : (
                <Badge color="gray" variant="light">
                  Arquivado
                </Badge>
              )}
            </Group>
            <Text
              size="sm"
              mt={4}
              lineClamp={4}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {template.body}
            </Text>
            <Group gap="xs" mt="xs" justify="flex-end">
              <Button
                size="xs"
                variant="default"
                aria-label={`Editar ${template.name}`}
                onClick={() => onEdit(template)}
              >
                Editar
              </Button>
              <Button
                size="xs"
                variant="light"
                color={template.active ? 'gray' : 'green'}
                loading={busyId === template.id}
                aria-label={`${template.active ? 'Arquivar' : 'Reativar'} ${template.name}`}
                onClick={() => onToggleActive(template)}
              >
                {template.active ? 'Arquivar' : 'Reativar'}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
