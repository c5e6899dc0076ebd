import {
  Button,
  type MantineColorScheme,
  Menu,
  Text,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconChevronDown,
  IconClock,
  IconCoffee,
  IconDatabase,
  IconDeviceDesktop,
  IconKey,
  IconListSearch,
  IconLogout,
  IconMoon,
  IconRepeat,
  IconSun,
  IconUserCircle,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { type AppRouteName, appRoutes } from '../../../core/app-routes.ts';
import { roleLabels } from '../../../core/roles.ts';
import type { Me } from '../../../core/users.ts';
import { useSignOut } from '../../features/auth/index.ts';

export interface AccountMenuProps {
  user: Me;
}

const colorSchemes: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'auto', label: 'Tema do sistema', icon: IconDeviceDesktop },
  { value: 'light', label: 'Tema claro', icon: IconSun },
  { value: 'dark', label: 'Tema escuro', icon: IconMoon },
];

/**
 * The settings pages, reached from the account menu rather than the header's links. A
 * supervisor sees those it may open (its teams' targets); the integrations are an admin's.
 */
const settingsPages: { page: AppRouteName; icon: typeof IconSun }[] = [
  { page: 'teams', icon: IconUsersGroup },
  { page: 'pauseReasons', icon: IconCoffee },
  { page: 'callingHours', icon: IconClock },
  { page: 'contactRules', icon: IconRepeat },
  { page: 'backups', icon: IconDatabase },
  // In the menu since the wallboard and the reports joined the header's links (1280 px).
  { page: 'audit', icon: IconListSearch },
];
const integrationPages: { page: AppRouteName; icon: typeof IconSun }[] = [
  { page: 'apiTokens', icon: IconKey },
  { page: 'webhooks', icon: IconWebhook },
  { page: 'messageTemplates', icon: IconBrandWhatsapp },
];

function SettingsPageItem({ page, icon: Icon }: { page: AppRouteName; icon: typeof IconSun }) {
  return (
    <Menu.Item
      component={Link}
      to={appRoutes[page].path}
      leftSection={<Icon size={16} aria-hidden />}
    >
      {appRoutes[page].title}
    </Menu.Item>
  );
}

export function AccountMenu({ user }: AccountMenuProps) {
  const signOut = useSignOut();
  // Kept in this browser (localStorage); "auto" follows the system's light or dark setting.
  const { colorScheme, setColorScheme } = useMantineColorScheme();

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
        {user.role === 'admin' ? (
          <>
            <Menu.Divider />
            {settingsPages.map((item) => (
              <SettingsPageItem key={item.page} {...item} />
            ))}
            <Menu.Label>Integrações</Menu.Label>
            {integrationPages.map((item) => (
              <SettingsPageItem key={item.page} {...item} />
            ))}
          </>
        ) : user.role === 'supervisor' ? (
          <>
            <Menu.Divider />
            {settingsPages
              .filter(({ page }) => appRoutes[page].access === 'floor')
              .map((item) => (
                <SettingsPageItem key={item.page} {...item} />
              ))}
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Label>Aparência</Menu.Label>
        {colorSchemes.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} aria-hidden />}
            rightSection={colorScheme === value ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => setColorScheme(value)}
          >
            {label}
            {/* Mantine's items are plain menu items (no checked state): the words say it. */}
            {colorScheme === value ? <VisuallyHidden> (em uso)</VisuallyHidden> : null}
          </Menu.Item>
        ))}
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
