import { Button, Menu, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconChevronDown,
  IconEraser,
  IconPhoneOff,
  IconUserShare,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { BulkLeadsBody } from '../../../../core/leads.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatInteger } from '../../../components/pt-br-format.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAssessors } from '../../users/index.ts';
import { useBulkUpdateLeads } from '../api/bulk-update-leads.ts';

type Action = 'returnToPool' | 'reassign' | 'doNotCall' | 'erase';

const actionTexts: Record<Action, { menu: string; title: string; verb: string; color?: string }> = {
  returnToPool: { menu: 'Devolver ao pool', title: 'Devolver ao pool', verb: 'Devolver ao pool' },
  reassign: { menu: 'Redistribuir para…', title: 'Redistribuir leads', verb: 'Redistribuir' },
  doNotCall: {
    menu: 'Marcar como não ligar',
    title: 'Marcar como não ligar',
    verb: 'Marcar como não ligar',
    color: 'dark',
  },
  erase: {
    menu: 'Apagar dados (LGPD)',
    title: 'Apagar dados pessoais (LGPD)',
    verb: 'Apagar dados',
    color: 'red',
  },
};

const actionNotes: Record<Action, string> = {
  returnToPool:
    'Eles saem da lista do assessor e voltam a ser novos, prontos para outra distribuição. Leads encerrados são ignorados.',
  reassign: 'Eles passam para a lista do assessor escolhido. Leads encerrados são ignorados.',
  doNotCall:
    'Eles saem de circulação e os telefones entram na lista de bloqueio; não serão importados de novo.',
  erase:
    'Nome, telefone, e-mail, CPF, cidade, observações e colunas extras são apagados para sempre; o lead mantém as contagens e sai de circulação. O telefone só continua bloqueado se já estava na lista de bloqueio. Não há como desfazer.',
};

export interface BulkActionsProps {
  target: BulkLeadsBody['target'] | null;
  /** How many leads the target covers, in words: "12 leads" or "todos os 340 leads do filtro". */
  targetDescription: string;
  /** The target's size, when known: an erasure of more than 100 asks for it to be typed. */
  targetCount: number | null;
  /** The filter in words, when the target is a whole filter. */
  filterDescription: string | null;
  onDone: () => void;
}

/** Past this many leads, an erasure asks the admin to type how many. */
const typedEraseAbove = 100;

export function BulkActions({
  target,
  targetDescription,
  targetCount,
  filterDescription,
  onDone,
}: BulkActionsProps) {
  const [action, setAction] = useState<Action | null>(null);
  const [assessorId, setAssessorId] = useState<string | null>(null);
  const [typedCount, setTypedCount] = useState('');
  const assessors = useAssessors();
  // "Não ligar" and erasing are an administrator's: a supervisor returns leads or hands them on.
  const isAdmin = useCurrentUser().data?.role === 'admin';
  const bulkUpdate = useBulkUpdateLeads();

  function open(next: Action) {
    setAssessorId(null);
    setTypedCount('');
    setAction(next);
  }

  const asksTypedCount =
    action === 'erase' && (targetCount === null || targetCount > typedEraseAbove);
  const typedMatches =
    targetCount !== null && typedCount.replace(/\D/g, '') === String(targetCount);

  function confirm() {
    if (!target || !action) return;
    const operation = action === 'reassign' ? { action, assessorId: assessorId ?? '' } : { action };
    bulkUpdate.mutate(
      { target, operation },
      {
        onSuccess: ({ affected, skipped }) => {
          notifications.show({
            color: 'green',
            title: actionTexts[action].title,
            message: `${formatInteger(affected)} leads alterados, ${formatInteger(skipped)} ignorados`,
          });
          setAction(null);
          onDone();
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: 'Não foi possível aplicar a ação',
            message: error.message,
          });
        },
      },
    );
  }

  const texts = action ? actionTexts[action] : null;
  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            disabled={target === null}
            rightSection={<IconChevronDown size={16} aria-hidden />}
          >
            {target !== null && targetCount !== null
              ? `Ações em massa (${formatInteger(targetCount)})`
              : 'Ações em massa'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => open('returnToPool')}
          >
            {actionTexts.returnToPool.menu}
          </Menu.Item>
          <Menu.Item leftSection={<IconUserShare size={16} />} onClick={() => open('reassign')}>
            {actionTexts.reassign.menu}
          </Menu.Item>
          {isAdmin ? (
            <>
              <Menu.Item leftSection={<IconPhoneOff size={16} />} onClick={() => open('doNotCall')}>
                {actionTexts.doNotCall.menu}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconEraser size={16} />}
                onClick={() => open('erase')}
              >
                {actionTexts.erase.menu}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={action !== null}
        title={texts?.title ?? ''}
        message={
          action ? (
            <>
              <Text fw={600}>
                {texts?.verb}: {targetDescription}.
              </Text>
              {filterDescription ? <Text size="sm">Filtro: {filterDescription}.</Text> : null}
              <Text size="sm">{actionNotes[action]}</Text>
            </>
          ) : (
            ''
          )
        }
        confirmLabel={texts?.verb ?? ''}
        confirmColor={texts?.color}
        confirmDisabled={
          (action === 'reassign' && assessorId === null) || (asksTypedCount && !typedMatches)
        }
        loading={bulkUpdate.isPending}
        onConfirm={confirm}
        onClose={() => setAction(null)}
      >
        {action === 'reassign' ? (
          <Select
            label="Assessor"
            placeholder="Escolha o assessor"
            data={(assessors.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
            value={assessorId}
            onChange={setAssessorId}
            searchable
            comboboxProps={{ withinPortal: true }}
            nothingFoundMessage="Nenhum assessor ativo"
            error={assessors.isError ? assessors.error.message : undefined}
          />
        ) : null}
        {asksTypedCount ? (
          targetCount === null ? (
            <Text size="sm" c="red">
              Aguarde a contagem dos leads do filtro para confirmar.
            </Text>
          ) : (
            <TextInput
              label={`Para confirmar, digite o número de leads: ${formatInteger(targetCount)}`}
              value={typedCount}
              onChange={(event) => setTypedCount(event.currentTarget.value)}
              inputMode="numeric"
              autoComplete="off"
            />
          )
        ) : null}
      </ConfirmDialog>
    </>
  );
}
