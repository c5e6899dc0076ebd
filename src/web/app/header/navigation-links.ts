import { appRoutes, type PageAccess } from '../../../core/app-routes.ts';
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

const dashboardLink: NavigationLink = {
  label: 'Dashboard',
  to: appRoutes.dashboard.path,
  isActive: isExactly(appRoutes.dashboard.path),
};

const wallboardLink: NavigationLink = {
  label: 'Painel ao vivo',
  to: appRoutes.wallboard.path,
  isActive: isExactly(appRoutes.wallboard.path),
};

const reportsLink: NavigationLink = {
  label: 'Relatórios',
  to: appRoutes.reports.path,
  isActive: isExactly(appRoutes.reports.path),
};

const followUpLink: NavigationLink = {
  label: 'Acompanhar leads atendidos',
  to: appRoutes.followUp.path,
  isActive: isExactly(appRoutes.followUp.path),
};

const leadsLink: NavigationLink = {
  label: 'Leads',
  to: appRoutes.leadList.path,
  isActive: (pathname) => inLeadsSection(pathname),
};

const adminLinks: NavigationLink[] = [
  dashboardLink,
  wallboardLink,
  reportsLink,
  {
    label: 'Criar assessor',
    to: appRoutes.createUser.path,
    isActive: isExactly(appRoutes.createUser.path),
  },
  followUpLink,
  leadsLink,
  dailyLeadsLink,
];

/** A supervisor's floor: what its teams do now and did, their accepted leads, leads and figures. */
const supervisorLinks: NavigationLink[] = [
  wallboardLink,
  reportsLink,
  followUpLink,
  leadsLink,
  dashboardLink,
];

/** The header links of each role (seed §2 "Header", §6). Hiding a link is not access control: the server checks every call. */
export function navigationLinksFor(role: Role): NavigationLink[] {
  if (role === 'admin') return adminLinks;
  return role === 'supervisor' ? supervisorLinks : [dailyLeadsLink];
}

/**
 * The pages of the Leads section, all under /leads, where the header's one "Leads" link
 * leads: each page shows them all, so none is reachable only from an empty database's card.
 * A supervisor's are the list, the daily distribution and the calls: imports, the leads never
 * used and the block lists are an administrator's.
 */
const leadsSection = (
  [
    ['Lista total', appRoutes.leadList],
    ['Leads nunca usados', appRoutes.newLeads],
    ['Incluir leads', appRoutes.importLeads],
    ['Adicionar leads diários', appRoutes.dailyLeads],
    ['Ligações', appRoutes.calls],
    ['Telefones bloqueados', appRoutes.blockedPhones],
    ['Listas de bloqueio', appRoutes.blockLists],
  ] as const
).map(([label, route]) => ({
  link: { label, to: route.path, isActive: isExactly(route.path) },
  access: route.access as PageAccess,
}));

export function leadsSectionLinksFor(role: Role): NavigationLink[] {
  return leadsSection
    .filter(({ access }) => role === 'admin' || access !== 'admin')
    .map(({ link }) => link);
}

/** Whether a page belongs to the Leads section (the seed marks "Leads" active on all of them). */
export const inLeadsSection = (pathname: string) => pathname.startsWith('/leads');
