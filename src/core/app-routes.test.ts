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
      '/tentativas',
      '/whatsapp/modelos',
    ]);
    expect(appRoutes.dashboard.title).toBe('CCA - Dashboard');
    expect(appRoutes.followUp.title).toBe('Leads com status green');
    expect(appRoutes.dailyLeads.title).toBe('Adicionar Leads diarios aos operadores');
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
