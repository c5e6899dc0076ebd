import { Modal, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { appRoutes } from '../../../../core/app-routes.ts';
import type { MessageTemplate } from '../../../../core/message-templates.ts';
import { PageSection } from '../../../components/page-section.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RowsSkeleton } from '../../../components/rows-skeleton.tsx';
import { useActiveToggle } from '../../../lib/active-toggle.ts';
import { useCreateMessageTemplate } from '../api/create-message-template.ts';
import { useMessageTemplates } from '../api/get-message-templates.ts';
import { useUpdateMessageTemplate } from '../api/update-message-template.ts';
import { CompanyNameForm } from '../components/company-name-form.tsx';
import { TemplateForm } from '../components/template-form.tsx';
import { TemplatesList } from '../components/templates-list.tsx';

/**
 * /whatsapp/modelos: the admin writes the messages assessors open WhatsApp with. CCA sends
 * none of them: the assessor's WhatsApp link carries the text and the assessor sends it.
 */
export function MessageTemplatesPage() {
  const [showArchived, setShowArchived] = useState(false);
  const templates = useMessageTemplates(true);
  const create = useCreateMessageTemplate();
  const update = useUpdateMessageTemplate();
  const [editing, setEditing] = useState<MessageTemplate | null>(null);
  const activeSwitch = useActiveToggle<MessageTemplate>(
    (row, active) => update.mutateAsync({ id: row.id, body: { active } }),
    {
      activated: (name) => `"${name}" voltou à lista dos assessores.`,
      deactivated: (name) => `"${name}" foi arquivado: os assessores não o veem mais.`,
    },
  );

  const data = templates.data;
  const shown = data?.templates.filter((template) => showArchived || template.active) ?? [];
  const archivedCount = data?.templates.filter((template) => !template.active).length ?? 0;

  return (
    <>
      <PageTitle>{appRoutes.messageTemplates.title}</PageTitle>
      <Text size="sm" mb="md">
        O assessor escolhe um modelo no card do lead e o link do WhatsApp abre a conversa com a
        mensagem já escrita; quem envia é o assessor, o CCA não envia nada.
      </Text>
      {templates.isPending ? (
        <RowsSkeleton label="Carregando os modelos" rows={3} />
      ) : data === undefined ? (
        <QueryErrorAlert
          title="Não foi possível carregar os modelos"
          error={templates.error ?? new Error('Erro de conexão com o servidor')}
          onRetry={() => templates.refetch()}
        />
      ) : (
        <Stack gap="xl">
          <PageSection id="empresa" title="Empresa">
            <CompanyNameForm key={data.companyName} saved={data.companyName} />
          </PageSection>
          <PageSection id="novo-modelo" title="Novo modelo">
            <TemplateForm
              idPrefix="novo-modelo"
              companyName={data.companyName}
              submitLabel="Criar modelo"
              loading={create.isPending}
              onSubmit={(values) =>
                create.mutateAsync(values).then((saved) =>
                  notifications.show({
                    color: 'green',
                    message: `Modelo "${saved.name}" criado.`,
                  }),
                )
              }
            />
          </PageSection>
          <PageSection id="modelos" title="Modelos">
            <Switch
              mb="md"
              label={`Mostrar arquivados (${archivedCount})`}
              checked={showArchived}
              onChange={(event) => setShowArchived(event.currentTarget.checked)}
            />
            <TemplatesList
              templates={shown}
              busyId={activeSwitch.busyId}
              onEdit={setEditing}
              onToggleActive={activeSwitch.toggle}
            />
          </PageSection>
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Editar "${editing.name}"` : ''}
        size="xl"
      >
        {editing && data ? (
          <TemplateForm
            idPrefix="editar-modelo"
            initialValues={{ name: editing.name, body: editing.body }}
            companyName={data.companyName}
            submitLabel="Salvar modelo"
            loading={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values) =>
              update.mutateAsync({ id: editing.id, body: values }).then((saved) => {
                notifications.show({ color: 'green', message: `Modelo "${saved.name}" salvo.` });
                setEditing(null);
              })
            }
          />
        ) : null}
      </Modal>
    </>
  );
}
