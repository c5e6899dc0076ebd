import { describe, expect, it } from 'vitest';
import { appRoutes, isAppPath, showsHeader } from './app-routes.ts';

describe('app routes', () => {
  it('holds every page of the product with the seed titles', () => {
    expect(
      Object.values(appRoutes)
        .map((route) => route.path)
        .sort(),
    ).toEqual([
      '/',
      '/acompanhar',
      '/auditoria',
      '/backups',
      '/colaborador',
      '/createuser',
      '/equipes',
      '/horarios',
      '/integracoes/tokens',
      '/integracoes/webhooks',
      '/leads/bloqueados',
      '/leads/dailyleads',
      '/leads/includeleads',
      '/leads/list',
      '/leads/listas-bloqueio',
      '/leads/listcall',
      '/leads/virgnleads',
      '/login',
      '/login/forgotpassword',
      '/login/resetpassword',
      '/painel',
      '/pausas',
      '/relatorios',
      '/tentativas',
      '/whatsapp/modelos',
    ]);
    expect(appRoutes.dashboard.title).toBe('CCA - Dashboard');
    expect(appRoutes.followUp.title).toBe('Leads com status green');
    expect(appRoutes.dailyLeads.title).toBe('Adicionar Leads diarios aos operadores');
  });

  it("opens to a supervisor the floor: its dashboard, wallboard, reports, follow-up, lead list, calls, daily distribution and its teams' targets", () => {
    const floor = Object.values(appRoutes)
      .filter((route) => route.access === 'floor')
      .map((route) => route.path)
      .sort();
    expect(floor).toEqual([
      '/',
      '/acompanhar',
      '/equipes',
      '/leads/dailyleads',
      '/leads/list',
      '/painel',
      '/relatorios',
    ]);
    expect(appRoutes.calls.access).toBe('signedIn');
    // Users, settings, imports, block lists, integrations and pause reasons stay admin's (a
    // supervisor reads its teams and sets their targets on /equipes; only an admin changes them).
    for (const page of [
      appRoutes.createUser,
      appRoutes.importLeads,
      appRoutes.newLeads,
      appRoutes.blockedPhones,
      appRoutes.blockLists,
      appRoutes.audit,
      appRoutes.callingHours,
      appRoutes.contactRules,
      appRoutes.backups,
      appRoutes.apiTokens,
      appRoutes.webhooks,
      appRoutes.messageTemplates,
      appRoutes.pauseReasons,
    ]) {
      expect(page.access, page.path).toBe('admin');
    }
  });

  it('tells pages from other paths', () => {
    expect(isAppPath('/leads/list')).toBe(true);
    expect(isAppPath('/leads/list/')).toBe(true);
    expect(isAppPath('/leads')).toBe(false);
    expect(isAppPath('/index.php')).toBe(false);
  });

  it('hides the header on the sign-in pages only', () => {
    expect(showsHeader('/login')).toBe(false);
    expect(showsHeader('/login/forgotpassword')).toBe(false);
    expect(showsHeader('/login/resetpassword')).toBe(false);
    expect(showsHeader('/colaborador')).toBe(true);
  });
});
