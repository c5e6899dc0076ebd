import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { roleLabels } from '../../../core/roles.ts';
import type { Me } from '../../../core/users.ts';
import { useSignOut } from '../../features/auth/index.ts';

export interface AccountMenuProps {
  user: Me;
}

export function AccountMenu({ user }: AccountMenuProps) {
  const signOut = useSignOut();

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          leftSection={<IconUserCircle size={20} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          loading={signOut.isPending}
          maw={{ base: 170, sm: 260 }}
          styles={{ label: { overflow: 'hidden' } }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {user.name}
          </span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Disabled only because it is not an action; it stays fully legible. */}
        <Menu.Item disabled style={{ opacity: 1, cursor: 'default' }}>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {roleLabels[user.role]}
          </Text>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => signOut.mutate()}
        >
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
