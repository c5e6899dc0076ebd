import { Button, Menu, NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustments,
  IconChevronDown,
  IconLockOpen,
  IconMailForward,
  IconUserCheck,
  IconUserCog,
  IconUserOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { type Role, roleLabels } from '../../../../core/roles.ts';
import type { UpdateUserBody, User } from '../../../../core/users.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSendPasswordResetLink } from '../api/send-password-reset-link.ts';
import { useUnlockSignIn } from '../api/unlock-sign-in.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { DailyQuotaDialog } from './daily-quota-dialog.tsx';
import { roleOptions, takesDailyQuota } from './role-options.ts';

export interface UserActionsProps {
  user: User;
  /** Admins cannot lock themselves out: no deactivating nor demoting their own account. */
  isCurrentUser: boolean;
}

type OpenDialog = 'dailyQuota' | 'role' | 'deactivate' | null;

export function UserActions({ user, isCurrentUser }: UserActionsProps) {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const updateUser = useUpdateUser();
  const sendResetLink = useSendPasswordResetLink();
  const unlockSignIn = useUnlockSignIn();
  const otherRoles = roleOptions.filter((option) => option.value !== user.role);
  const [newRole, setNewRole] = useState<Role>(otherRoles[0]?.value ?? 'assessor');
  const closeDialog = () => setOpenDialog(null);

  function applyChanges(changes: UpdateUserBody, successMessage: string) {
    updateUser.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: successMessage });
          closeDialog();
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: 'Não foi possível salvar a alteração',
            message: error.message,
          });
        },
      },
    );
  }

  function handleUnlock() {
    unlockSignIn.mutate(user.id, {
      onSuccess: ({ message }) => {
        notifications.show({ color: 'green', title: 'Entrada desbloqueada', message });
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Não foi possível desbloquear',
          message: error.message,
        });
      },
    });
  }

  function handleSendResetLink() {
    sendResetLink.mutate(user.id, {
      onSuccess: ({ message }) => {
        notifications.show({ color: 'green', title: 'Link enviado', message });
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Não foi possível enviar o link',
          message: error.message,
        });
      },
    });
  }

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={260}>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={`Ações de ${user.name}`}
            loading={updateUser.isPending || sendResetLink.isPending || unlockSignIn.isPending}
          >
            Ações
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {takesDailyQuota(user.role) ? (
            <Menu.Item
              leftSection={<IconAdjustments size={16} aria-hidden />}
              onClick={() => setOpenDialog('dailyQuota')}
            >
              Alterar quantidade diária
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={<IconUserCog size={16} aria-hidden />}
            disabled={isCurrentUser}
            onClick={() => {
              setNewRole(otherRoles[0]?.value ?? 'assessor');
              setOpenDialog('role');
            }}
          >
            Mudar perfil
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMailForward size={16} aria-hidden />}
            onClick={handleSendResetLink}
          >
            {user.hasPassword ? 'Enviar link de nova senha' : 'Reenviar link para criar senha'}
          </Menu.Item>
          <Menu.Item leftSection={<IconLockOpen size={16} aria-hidden />} onClick={handleUnlock}>
            Desbloquear entrada
          </Menu.Item>
          <Menu.Divider />
          {user.active ? (
            <Menu.Item
              color="red"
              leftSection={<IconUserOff size={16} aria-hidden />}
              disabled={isCurrentUser}
              onClick={() => setOpenDialog('deactivate')}
            >
              Desativar
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconUserCheck size={16} aria-hidden />}
              onClick={() => applyChanges({ active: true }, `Acesso de ${user.name} reativado.`)}
            >
              Reativar
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      {/* Mounted only while open, so each opening starts from the user's current values. */}
      {openDialog === 'dailyQuota' ? (
        <DailyQuotaDialog
          user={user}
          opened
          loading={updateUser.isPending}
          onClose={closeDialog}
          onSave={(dailyQuota) =>
            applyChanges({ dailyQuota }, `Quantidade diária de ${user.name} atualizada.`)
          }
        />
      ) : null}
      {openDialog === 'role' ? (
        <ConfirmDialog
          opened
          title="Mudar perfil"
          message={
            user.role === 'assessor' && user.teamName !== null
              ? `${user.name} passará a ter o perfil escolhido e sairá da equipe "${user.teamName}".`
              : `${user.name} passará a ter o perfil escolhido.`
          }
          confirmLabel="Mudar perfil"
          loading={updateUser.isPending}
          onClose={closeDialog}
          onConfirm={() =>
            applyChanges(
              { role: newRole },
              `Perfil de ${user.name} alterado para ${roleLabels[newRole]}.`,
            )
          }
        >
          <NativeSelect
            label="Novo perfil"
            data={otherRoles}
            value={newRole}
            onChange={(event) => setNewRole(event.currentTarget.value as Role)}
          />
        </ConfirmDialog>
      ) : null}
      {openDialog === 'deactivate' ? (
        <ConfirmDialog
          opened
          title="Desativar usuário"
          message={`${user.name} não poderá mais entrar, as sessões abertas serão encerradas e a distribuição deixará de enviar leads para essa pessoa. Você pode reativar depois.`}
          confirmLabel="Desativar"
          confirmColor="red"
          loading={updateUser.isPending}
          onClose={closeDialog}
          onConfirm={() => applyChanges({ active: false }, `Acesso de ${user.name} desativado.`)}
        />
      ) : null}
    </>
  );
}
