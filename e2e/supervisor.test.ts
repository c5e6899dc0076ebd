import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distribute, importLeads } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';
import { withServerDatabase } from './support/database.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** One server and one database serve every e2e file: names, e-mails and phones are this run's own. */
const suffix = Date.now().toString(36);

const supervisorLinks = [
  'Painel ao vivo',
  'Relatórios',
  'Acompanhar leads atendidos',
  'Leads',
  'Dashboard',
];

function horizontalOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The names of the header's links, opening the phone's menu first when there is one. */
async function headerLinks(page: Page, phone: boolean): Promise<string[]> {
  if (phone) await page.getByRole('button', { name: 'Abrir menu de navegação' }).click();
  const navigation = page.getByRole('navigation', { name: 'Navegação principal' });
  await navigation.getByRole('link').first().waitFor();
  const links = await navigation.getByRole('link').allInnerTexts();
  if (phone) await page.keyboard.press('Escape');
  return links.map((text) => text.trim());
}

/** Whether the header's links sit inside the screen, none cut off at its right edge. */
function navigationFits(page: Page) {
  return page.evaluate(() => {
    const navigation = document.querySelector('header nav');
    if (!navigation) return false;
    const links = [...navigation.querySelectorAll('a')].map((link) => link.getBoundingClientRect());
    return links.every((box) => box.right <= window.innerWidth && box.width > 0);
  });
}

/** A team led by `supervisorId` with `memberId` in it, made in the server's database. */
function makeTeam(name: string, supervisorId: string, memberId: string) {
  return withServerDatabase(async (client) => {
    const team = await client.query<{ id: number }>(
      'insert into teams (name) values ($1) returning id',
      [name],
    );
    const teamId = team.rows[0]?.id;
    await client.query('insert into team_supervisors (team_id, supervisor_id) values ($1, $2)', [
      teamId,
      supervisorId,
    ]);
    await client.query('update users set team_id = $1 where id = $2', [teamId, memberId]);
  });
}

describe('a supervisor', () => {
  it("lands on the live wallboard, sees its header, and lists only its team's leads", async () => {
    const password = `senha-do-supervisor-${suffix}`;
    const supervisor = await createUser({
      name: `Sônia Supervisora ${suffix}`,
      email: `sonia-${suffix}@e2e.test`,
      role: 'supervisor',
      password,
    });
    const member = await createUser({
      name: `Tiago Equipe ${suffix}`,
      email: `tiago-${suffix}@e2e.test`,
      role: 'assessor',
    });
    const outsider = await createUser({
      name: `Úrsula Fora ${suffix}`,
      email: `ursula-${suffix}@e2e.test`,
      role: 'assessor',
    });
    await makeTeam(`Equipe Sônia ${suffix}`, supervisor.id, member.id);
    const ours = [`Lead Nosso A ${suffix}`, `Lead Nosso B ${suffix}`];
    const theirs = `Lead Alheio ${suffix}`;
    await importLeads(`e2e-sup-nosso-${suffix}`, ours);
    await distribute(member.id, ours.length, `e2e-sup-nosso-${suffix}`);
    await importLeads(`e2e-sup-alheio-${suffix}`, [theirs]);
    await distribute(outsider.id, 1, `e2e-sup-alheio-${suffix}`);

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const phone = viewport.width < 576;
      const page = await newPage(browser, viewport);
      await signIn(page, `sonia-${suffix}@e2e.test`, password);
      await page.waitForURL((url) => url.pathname === '/painel');
      await page.getByRole('heading', { name: 'Painel ao vivo', level: 1 }).waitFor();
      expect(await headerLinks(page, phone)).toEqual(supervisorLinks);
      if (!phone) expect(await navigationFits(page)).toBe(true);
      expect(await horizontalOverflow(page)).toBe(0);

      await page.goto(`/leads/list?q=${encodeURIComponent(`Lead`)}`);
      await page.getByRole('heading', { name: 'Lista total de Leads', level: 1 }).waitFor();
      for (const name of ours) await page.getByText(name).first().waitFor();
      expect(await page.getByText(theirs).count()).toBe(0);
      // The section offers the supervisor's pages only: no imports, block lists or unused leads.
      const section = page.getByRole('navigation', { name: 'Páginas de leads' });
      expect(await section.getByRole('link').allInnerTexts()).toEqual([
        'Lista total',
        'Adicionar leads diários',
        'Ligações',
      ]);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.context().close();
    }
  });

  it("sets its team's targets from the account menu, and sees a dashboard without an administrator's first steps or backups", async () => {
    const tag = `${suffix}-metas`;
    const password = `senha-do-supervisor-${tag}`;
    const supervisor = await createUser({
      name: `Rita Supervisora ${tag}`,
      email: `rita-${tag}@e2e.test`,
      role: 'supervisor',
      password,
    });
    const member = await createUser({
      name: `Caio Equipe ${tag}`,
      email: `caio-${tag}@e2e.test`,
      role: 'assessor',
    });
    const teamName = `Equipe Rita ${tag}`;
    await makeTeam(teamName, supervisor.id, member.id);

    const page = await newPage(browser, { width: 1280, height: 800 });
    await signIn(page, `rita-${tag}@e2e.test`, password);
    await page.waitForURL((url) => url.pathname === '/painel');
    // Every answer the signed-in supervisor's pages get: none may refuse what they asked for.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401 || response.status() === 403) refused.push(response.url());
    });
    await page.locator('header button[aria-haspopup="menu"]').last().click();
    expect(await page.getByRole('menuitem', { name: 'Motivos de pausa' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Equipes e metas' }).click();
    await page.getByRole('heading', { name: 'Equipes e metas', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: teamName });
    await card.getByText('1 assessor').waitFor();
    // Making, changing and deleting teams stay an administrator's.
    expect(await page.getByRole('button', { name: 'Nova equipe' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: `Editar equipe ${teamName}` }).count()).toBe(0);

    await card.getByRole('button', { name: `Metas da equipe ${teamName}` }).click();
    const targets = page.getByRole('dialog', { name: `Metas da equipe "${teamName}"` });
    await targets.getByRole('group', { name: 'Meta do dia' }).getByLabel('Aceites').fill('9');
    await targets.getByRole('button', { name: 'Salvar metas' }).click();
    await card.getByText('Meta do dia: 9 aceites').waitFor();
    const row = page.getByRole('row', { name: new RegExp(`Caio Equipe ${tag}`) });
    await row.getByRole('button', { name: `Metas de Caio Equipe ${tag}` }).waitFor();

    // A team whose assessor has left it: the dashboard shows no administrator's first steps
    // (import, create assessors), nor the backups' state, which are not the supervisor's.
    await withServerDatabase((client) =>
      client.query('update users set team_id = null where id = $1', [member.id]),
    );
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await page.getByText(/^Atualizado em/).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Comece por aqui' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it("shows the administrator's header whole at 1280 px, with the wallboard and the reports", async () => {
    const page = await newPage(browser, { width: 1280, height: 800 });
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    const links = await headerLinks(page, false);
    expect(links.slice(0, 3)).toEqual(['Dashboard', 'Painel ao vivo', 'Relatórios']);
    expect(links.filter((link) => link === 'Painel')).toEqual([]);
    expect(await navigationFits(page)).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    // The account menu, last in the header: the administrator's settings pages are there.
    await page.locator('header button[aria-haspopup="menu"]').last().click();
    await page.getByRole('menuitem', { name: 'Equipes e metas' }).waitFor();
    await page.getByRole('menuitem', { name: 'Motivos de pausa' }).waitFor();
    await page.getByRole('menuitem', { name: 'Auditoria' }).waitFor();
    await page.context().close();
  });
});
