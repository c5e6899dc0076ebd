import { appRoutes } from '../../../core/app-routes.ts';
import type { Role } from '../../../core/roles.ts';

export interface NavigationLink {
  label: string;
  to: string;
  isActive: (pathname: string) => boolean;
}

function isExactly(path: string) {
  return (pathname: string) => pathname === path || pathname === `${path}/`;
}

const dailyLeadsLink: NavigationLink = {
  label: 'Leads diarios',
  to: appRoutes.assessorLeads.path,
  isActive: isExactly(appRoutes.assessorLeads.path),
};

const adminLinks: NavigationLink[] = [
  {
    label: 'Criar assessor',
    to: appRoutes.createUser.path,
    isActive: isExactly(appRoutes.createUser.path),
  },
  {
    label: 'Acompanhar leads atendidos',
    to: appRoutes.followUp.path,
    isActive: isExactly(appRoutes.followUp.path),
  },
  {
    label: 'Leads',
    to: appRoutes.leadList.path,
    // Every lead page (list, never used, import, daily distribution, calls) lives under /leads.
    isActive: (pathname) => pathname.startsWith('/leads'),
  },
  dailyLeadsLink,
  {
    label: 'Auditoria',
    to: appRoutes.audit.path,
    isActive: isExactly(appRoutes.audit.path),
  },
];

/** The header links of each role (seed §2 "Header", §6). Hiding a link is not access control: the server checks every call. */
export function navigationLinksFor(role: Role): NavigationLink[] {
  return role === 'admin' ? adminLinks : [dailyLeadsLink];
}
