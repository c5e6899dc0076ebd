/**
 * The pages of the web app. The server answers these paths with the app and every other
 * path with status 404; the browser builds its router from the same table.
 *
 * access: `guest` pages send a signed-in user to their home (the seed's reverseauth),
 * `public` pages are open to anyone, `signedIn` pages need a session, `floor` pages are for
 * administrators and supervisors, and `admin` pages send anyone else to their home.
 */
export type PageAccess = 'guest' | 'public' | 'signedIn' | 'floor' | 'admin';

export interface AppRoute {
  path: string;
  title: string;
  access: PageAccess;
}

export const appRoutes = {
  login: { path: '/login', title: 'Entrar', access: 'guest' },
  forgotPassword: { path: '/login/forgotpassword', title: 'Recuperar senha', access: 'guest' },
  resetPassword: { path: '/login/resetpassword', title: 'Nova senha', access: 'public' },
  dashboard: { path: '/', title: 'CCA - Dashboard', access: 'floor' },
  createUser: { path: '/createuser', title: 'Criar assessor', access: 'admin' },
  followUp: { path: '/acompanhar', title: 'Leads com status green', access: 'floor' },
  leadList: { path: '/leads/list', title: 'Lista total de Leads', access: 'floor' },
  newLeads: { path: '/leads/virgnleads', title: 'Leads nunca usados', access: 'admin' },
  blockedPhones: { path: '/leads/bloqueados', title: 'Telefones bloqueados', access: 'admin' },
  blockLists: {
    path: '/leads/listas-bloqueio',
    title: 'Listas de bloqueio externas',
    access: 'admin',
  },
  importLeads: { path: '/leads/includeleads', title: 'Incluir leads', access: 'admin' },
  dailyLeads: {
    path: '/leads/dailyleads',
    title: 'Adicionar Leads diarios aos operadores',
    access: 'floor',
  },
  calls: { path: '/leads/listcall', title: 'Ligações', access: 'signedIn' },
  audit: { path: '/auditoria', title: 'Auditoria', access: 'admin' },
  callingHours: { path: '/horarios', title: 'Horários de ligação', access: 'admin' },
  contactRules: { path: '/tentativas', title: 'Regras de nova tentativa', access: 'admin' },
  backups: { path: '/backups', title: 'Backups', access: 'admin' },
  apiTokens: { path: '/integracoes/tokens', title: 'Tokens de API', access: 'admin' },
  webhooks: { path: '/integracoes/webhooks', title: 'Webhooks', access: 'admin' },
  messageTemplates: { path: '/whatsapp/modelos', title: 'Modelos de WhatsApp', access: 'admin' },
  assessorLeads: { path: '/colaborador', title: 'Leads diários', access: 'signedIn' },
  wallboard: { path: '/painel', title: 'Painel ao vivo', access: 'floor' },
  reports: { path: '/relatorios', title: 'Relatórios de desempenho', access: 'floor' },
  teams: { path: '/equipes', title: 'Equipes e metas', access: 'floor' },
  pauseReasons: { path: '/pausas', title: 'Motivos de pausa', access: 'admin' },
} as const satisfies Record<string, AppRoute>;

export type AppRouteName = keyof typeof appRoutes;

const knownPaths = new Set<string>(Object.values(appRoutes).map((route) => route.path));

/** Whether a path (without query string) is a page of the app; a trailing slash is ignored. */
export function isAppPath(path: string): boolean {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return knownPaths.has(normalised);
}

/** Pages without the header: the sign-in pages. */
export function showsHeader(path: string): boolean {
  return !path.startsWith('/login');
}
