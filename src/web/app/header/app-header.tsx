import { Burger, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { homePathByRole } from '../../../core/roles.ts';
import type { Me } from '../../../core/users.ts';
import { Logo } from '../../components/logo.tsx';
import { RecycleLeadsButton } from '../../features/recycling/index.ts';
import { AccountMenu } from './account-menu.tsx';
import classes from './app-header.module.css';
import { type NavigationLink, navigationLinksFor } from './navigation-links.ts';

export interface AppHeaderProps {
  user: Me;
}

interface NavigationLinksProps {
  links: NavigationLink[];
  pathname: string;
  onNavigate?: () => void;
  fullWidth?: boolean;
}

function NavigationLinks({ links, pathname, onNavigate, fullWidth = false }: NavigationLinksProps) {
  return links.map((link) => {
    const active = link.isActive(pathname);
    return (
      <Button
        key={link.to}
        component={Link}
        to={link.to}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        fullWidth={fullWidth}
        justify={fullWidth ? 'flex-start' : undefined}
        size="sm"
        px="xs"
      >
        {link.label}
      </Button>
    );
  });
}

export function AppHeader({ user }: AppHeaderProps) {
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const links = navigationLinksFor(user.role);

  return (
    <header className={classes.header}>
      <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            hiddenFrom="lg"
            size="sm"
            aria-label={drawerOpened ? 'Fechar menu de navegação' : 'Abrir menu de navegação'}
          />
          <Link to={homePathByRole[user.role]} className={classes.brand}>
            <Logo size={32} />
            <Text span fw={800} size="lg">
              CCA
            </Text>
          </Link>
        </Group>

        <Group
          component="nav"
          aria-label="Navegação principal"
          gap={2}
          wrap="nowrap"
          visibleFrom="lg"
        >
          <NavigationLinks links={links} pathname={pathname} />
        </Group>

        <Group gap="xs" wrap="nowrap">
          {user.role === 'admin' ? <RecycleLeadsButton /> : null}
          <AccountMenu user={user} />
        </Group>
      </Group>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title="Navegação"
        size="xs"
        hiddenFrom="lg"
        closeButtonProps={{ 'aria-label': 'Fechar menu de navegação' }}
      >
        <Stack component="nav" aria-label="Navegação principal" gap={4}>
          <NavigationLinks links={links} pathname={pathname} onNavigate={drawer.close} fullWidth />
        </Stack>
      </Drawer>
    </header>
  );
}
