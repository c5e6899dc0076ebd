import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef } from 'react';
import {
  type CreateMessageTemplateBody,
  createMessageTemplateBodySchema,
  templateVariableLabels,
  templateVariables,
} from '../../../../core/message-templates.ts';
import { TemplatePreview } from './template-preview.tsx';

export interface TemplateFormProps {
  /** Names the form's fields apart when two forms are on the page. */
  idPrefix: string;
  initialValues?: CreateMessageTemplateBody;
  companyName: string;
  submitLabel: string;
  loading: boolean;
  onSubmit: (values: CreateMessageTemplateBody) => Promise<unknown>;
  onCancel?: () => void;
}

const emptyTemplate: CreateMessageTemplateBody = { name: '', body: '' };

/** A template's name and text, with buttons that put a variable where the cursor is. */
export function TemplateForm({
  idPrefix,
  initialValues = emptyTemplate,
  companyName,
  submitLabel,
  loading,
  onSubmit,
  onCancel,
}: TemplateFormProps) {
  const bodyInput = useRef<HTMLTextAreaElement>(null);
  const form = useForm<CreateMessageTemplateBody>({
    initialValues,
    validate: schemaResolver(createMessageTemplateBodySchema, { sync: true }),
  });

  const insertVariable = (variable: string) => {
    const input = bodyInput.current;
    const body = form.getValues().body;
    const start = input?.selectionStart ?? body.length;
    const end = input?.selectionEnd ?? body.length;
    const placeholder = `{${variable}}`;
    form.setFieldValue('body', body.slice(0, start) + placeholder + body.slice(end));
    // Back in the text, just after what was put in, to go on typing.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await onSubmit(createMessageTemplateBodySchema.parse(values));
      if (!onCancel) form.reset();
    } catch (error) {
      form.setFieldError('body', error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            id={`${idPrefix}-name`}
            label="Nome do modelo"
            description="Como os assessores o encontram na lista."
            maxLength={80}
            autoComplete="off"
            {...form.getInputProps('name')}
          />
          <Textarea
            id={`${idPrefix}-body`}
            ref={bodyInput}
            label="Texto da mensagem"
            description={`${form.getValues().body.length}/1000 caracteres`}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={1000}
            {...form.getInputProps('body')}
          />
          <div>
            <Text size="sm" mb={4} id={`${idPrefix}-variables`}>
              Variáveis (preenchidas na hora de abrir o WhatsApp):
            </Text>
            <Group gap="xs" role="group" aria-labelledby={`${idPrefix}-variables`}>
              {templateVariables.map((variable) => (
                <Button
                  key={variable}
                  size="compact-sm"
                  variant="light"
                  title={templateVariableLabels[variable]}
                  aria-label={`Inserir {${variable}}: ${templateVariableLabels[variable]}`}
                  onClick={() => insertVariable(variable)}
                >
                  {`{${variable}}`}
                </Button>
              ))}
            </Group>
          </div>
        </Stack>
        <TemplatePreview body={form.getValues().body} companyName={companyName} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
