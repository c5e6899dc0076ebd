import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { Role } from '../../../core/roles.ts';
import { leadsSectionLinksFor } from './navigation-links.ts';

/** The Leads section's own navigation, above each of its pages; it wraps on a phone. */
export function LeadsSectionNav({ role }: { role: Role }) {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Páginas de leads" gap={6} mb="md">
      {leadsSectionLinksFor(role).map((link) => {
        const active = link.isActive(pathname);
        return (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            aria-current={active ? 'page' : undefined}
            variant={active ? 'filled' : 'default'}
            size="xs"
            radius="xl"
          >
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}
