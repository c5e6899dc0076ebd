import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);

/** Picks an option of a Mantine MultiSelect by typing part of its label. */
async function pick(page: Page, field: string, option: string) {
  const input = page.getByRole('dialog').getByLabel(field, { exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option }).click();
  await input.press('Escape');
}

async function axeBothThemes(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(
      ...(await seriousViolations(page)).map((text) => `${label} ${colorScheme}: ${text}`),
    );
  }
  return found;
}

describe('teams and targets', () => {
  it('an admin makes a team, sets its targets and deletes it', async () => {
    const team = `Equipe E2E ${suffix}`;
    const ana = `Ana Equipe ${suffix}`;
    const bruno = `Bruno Equipe ${suffix}`;
    const sonia = `Sônia Supervisora ${suffix}`;
    for (const [name, email] of [
      [ana, `ana-equipe-${suffix}@e2e.test`],
      [bruno, `bruno-equipe-${suffix}@e2e.test`],
    ]) {
      await createUser({ name: name ?? '', email: email ?? '', role: 'assessor' });
    }
    await api(await adminCookie(), '/api/users', {
      method: 'POST',
      body: { name: sonia, email: `sonia-${suffix}@e2e.test`, role: 'supervisor' },
    });

    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/equipes');
    await page.getByRole('heading', { name: 'Equipes e metas', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Nova equipe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova equipe' });
    await dialog.getByRole('textbox', { name: 'Nome da equipe' }).fill(team);
    await pick(page, 'Assessores', ana);
    await pick(page, 'Assessores', bruno);
    await pick(page, 'Supervisores', sonia);
    const found = await axeBothThemes(page, 'modal');
    await dialog.getByRole('button', { name: 'Criar equipe' }).click();
    await page.getByText(`Equipe "${team}" criada.`).waitFor();

    const card = page.getByRole('article', { name: team });
    await card.getByText('2 assessores').waitFor();
    await card.getByText(`Supervisão: ${sonia}`).waitFor();
    await card.getByText('Meta do dia: Sem meta').waitFor();

    await card.getByRole('button', { name: `Metas da equipe ${team}` }).click();
    const targets = page.getByRole('dialog', { name: `Metas da equipe "${team}"` });
    await targets.getByRole('group', { name: 'Meta do dia' }).getByLabel('Aceites').fill('12');
    await targets.getByRole('group', { name: 'Meta do dia' }).getByLabel('Ligações').fill('150');
    await targets.getByRole('group', { name: 'Meta do mês' }).getByLabel('Aceites').fill('240');
    await targets.getByRole('button', { name: 'Salvar metas' }).click();
    await card.getByText('Meta do dia: 12 aceites · 150 ligações').waitFor();
    await card.getByText('Meta do mês: 240 aceites').waitFor();

    // An assessor's own target, in the table below the teams.
    const row = page.getByRole('row', { name: new RegExp(ana) });
    await row.getByRole('button', { name: `Metas de ${ana}` }).click();
    const own = page.getByRole('dialog', { name: `Metas de ${ana}` });
    await own.getByRole('group', { name: 'Meta do dia' }).getByLabel('Ligações').fill('80');
    await own.getByRole('button', { name: 'Salvar metas' }).click();
    await row.getByText('80 ligações').waitFor();
    // A closing modal keeps its dialog in the page for its transition, without the title that
    // named it: axe looks once it is gone.
    await page.locator('[role="dialog"]').first().waitFor({ state: 'detached' });

    await page.waitForLoadState('networkidle');
    found.push(...(await axeBothThemes(page, '1280 px')));
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByText('2 assessores').waitFor();
    found.push(...(await axeBothThemes(page, '390 px')));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.emulateMedia({ colorScheme: 'light' });

    await card.getByRole('button', { name: `Excluir equipe ${team}` }).click();
    await page
      .getByRole('dialog', { name: 'Excluir equipe' })
      .getByRole('button', { name: 'Excluir equipe' })
      .click();
    await page.getByText(`Equipe "${team}" excluída.`).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(found).toEqual([]);
    await page.context().close();
  }, 120_000);
});
