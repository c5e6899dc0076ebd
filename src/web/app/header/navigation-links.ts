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
    label: 'Painel',
    to: appRoutes.dashboard.path,
    isActive: isExactly(appRoutes.dashboard.path),
  },
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
    isActive: (pathname) => inLeadsSection(pathname),
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

/**
 * The pages of the admin's Leads section, all under /leads, where the header's one "Leads" link
 * leads: each page shows them all, so none is reachable only from an empty database's card.
 */
export const leadsSectionLinks: NavigationLink[] = (
  [
    ['Lista total', appRoutes.leadList.path],
    ['Leads nunca usados', appRoutes.newLeads.path],
    ['Incluir leads', appRoutes.importLeads.path],
    ['Adicionar leads diários', appRoutes.dailyLeads.path],
    ['Ligações', appRoutes.calls.path],
    ['Telefones bloqueados', appRoutes.blockedPhones.path],
    ['Listas de bloqueio', appRoutes.blockLists.path],
  ] as const
).map(([label, to]) => ({ label, to, isActive: isExactly(to) }));

/** Whether a page belongs to the Leads section (the seed marks "Leads" active on all of them). */
export const inLeadsSection = (pathname: string) => pathname.startsWith('/leads');
