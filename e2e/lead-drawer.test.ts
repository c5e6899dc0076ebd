import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLeads } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);

async function openLead(viewport: { width: number; height: number }, name: string) {
  const page = await newPage(browser, viewport);
  await signIn(page, admin().email, admin().password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/leads/list');
  await page.getByRole('searchbox', { name: 'Buscar leads' }).fill(name);
  await page
    .getByRole('table', { name: 'Leads' })
    .getByRole('row', { name: `Abrir ${name}` })
    .click();
  const drawer = page.getByRole('dialog', { name });
  await drawer.getByRole('button', { name: 'Editar' }).waitFor();
  return { page, drawer };
}

/** Whether the field's label carries the asterisk of a required field. */
const marked = (drawer: Locator, label: string) =>
  drawer
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}`) })
    .locator('.mantine-InputWrapper-required')
    .count();

/** Confirms the dialog `title` with `button` and waits for the notice saying `notice`. */
async function confirm(page: Page, title: string, button: string, notice: RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await page.getByText(notice).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe("the lead's drawer", () => {
  it('shows the data once, read-only, and edits it behind Editar with only the required fields marked', async () => {
    const name = `Gaveta Leitura ${suffix}`;
    await importLeads(`e2e-gaveta-${suffix}`, [name]);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { page, drawer } = await openLead(viewport, name);
      expect(await drawer.getByRole('textbox', { name: 'E-mail' }).count()).toBe(0);
      expect(await drawer.getByRole('form', { name: 'Corrigir lead' }).count()).toBe(0);
      // Another number is optional: its fields carry no asterisk either.
      expect(await marked(drawer, 'Outro número')).toBe(0);
      expect(await marked(drawer, 'Que número é')).toBe(0);
      await drawer.getByText('São Paulo / SP').waitFor();

      await drawer.getByRole('button', { name: 'Editar' }).click();
      const form = drawer.getByRole('form', { name: 'Corrigir lead' });
      await form.waitFor();
      expect(await form.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe(name);
      // The read-only copy gives way to the form: the data is on screen once.
      expect(await drawer.getByText('São Paulo / SP').count()).toBe(0);
      expect(await marked(form, 'Nome')).toBe(1);
      expect(await marked(form, 'Telefone')).toBe(1);
      for (const optional of ['E-mail', 'CPF', 'Cidade', 'UF', 'Observações']) {
        expect(await marked(form, optional), optional).toBe(0);
      }
      if (viewport.width === 1280) {
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          expect(await seriousViolations(page), colorScheme).toEqual([]);
        }
      }
      await form.getByRole('button', { name: 'Cancelar' }).click();
      await form.waitFor({ state: 'detached' });
      await drawer.getByText('São Paulo / SP').waitFor();
      const sideways = await drawer.evaluate((element) => {
        const body = element.querySelector('.mantine-Drawer-body') as HTMLElement;
        return body.scrollWidth - body.clientWidth;
      });
      expect(sideways).toBeLessThanOrEqual(0);
      await page.context().close();
    }
  });

  it('hands the lead to an assessor, returns it to the pool and marks it not to call, each confirmed', async () => {
    const name = `Gaveta Acoes ${suffix}`;
    const assessor = `Assessora Gaveta ${suffix}`;
    await createUser({
      name: assessor,
      email: `gaveta-${suffix}@e2e.test`,
      password: `senha-da-gaveta-${suffix}`,
      role: 'assessor',
    });
    await importLeads(`e2e-gaveta-acoes-${suffix}`, [name]);
    const { page, drawer } = await openLead({ width: 390, height: 844 }, name);
    const status = () => drawer.getByRole('group', { name: 'Status do lead' }).innerText();

    await drawer.getByRole('button', { name: 'Entregar a um assessor' }).click();
    const handDialog = page.getByRole('dialog', { name: 'Entregar a um assessor' });
    await handDialog.getByRole('combobox', { name: 'Assessor' }).click();
    await page.getByRole('option', { name: assessor }).click();
    await confirm(
      page,
      'Entregar a um assessor',
      'Entregar',
      new RegExp(`passou para ${assessor}`),
    );
    await expect.poll(status).toMatch(/distribuído/i);

    await drawer.getByRole('button', { name: 'Devolver ao pool' }).click();
    await confirm(page, 'Devolver ao pool', 'Devolver ao pool', /voltou ao pool/);
    await expect.poll(status).toMatch(/novo/i);
    // The notice with a title, drawn as every notice of the app is: held open by the pointer.
    await page.locator('.mantine-Notification-root').filter({ hasText: 'voltou ao pool' }).hover();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page, '.mantine-Notification-root'), colorScheme).toEqual([]);
      expect(await seriousViolations(page, '.mantine-Drawer-content'), colorScheme).toEqual([]);
    }

    await drawer.getByRole('button', { name: 'Não ligar' }).click();
    await confirm(page, 'Não ligar', 'Marcar como não ligar', /não será mais ligado/);
    await expect.poll(status).toMatch(/não ligar/i);
    // A lead not to call is out of circulation: it cannot be marked again.
    expect(await drawer.getByRole('button', { name: 'Não ligar' }).isDisabled()).toBe(true);
    await page.context().close();
  });
});
