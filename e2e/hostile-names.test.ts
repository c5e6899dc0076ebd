import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distribute, importLeads } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const imageName = '<img src=x onerror="window.__xss=1">';
const scriptName = '<script>window.__xss=1</script>';
const suffix = Date.now().toString(36);
const source = `e2e-hostis-${suffix}`;

/** Nothing ran: the flag the payloads would set is unset and no injected image exists. */
async function expectNothingRan(page: Page) {
  await expect(page.evaluate(() => (window as { __xss?: unknown }).__xss)).resolves.toBe(undefined);
  await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
  await expect(page.locator('body script:not([src])').count()).resolves.toBe(0);
}

describe('names with HTML and script in them', () => {
  it('are shown as text on the lead list, the lead detail, /createuser and /colaborador', async () => {
    const assessor = {
      name: scriptName,
      email: `hostil-${suffix}@e2e.test`,
      password: `senha-hostil-${suffix}`,
    };
    const { id: assessorId } = await createUser({ ...assessor, role: 'assessor' });
    const imageEmail = `imagem-${suffix}@e2e.test`;
    await createUser({ name: imageName, email: imageEmail, role: 'assessor' });
    const batchId = String(await importLeads(source, [imageName, scriptName]));
    await distribute(assessorId, 2, source);

    const desk = await newPage(browser);
    await signIn(desk, admin().email, admin().password);
    await desk.waitForURL((url) => url.pathname === '/');

    await desk.goto('/leads/list');
    await desk.getByRole('heading', { name: 'Lista total de Leads' }).waitFor();
    await desk.getByLabel('Lote').fill(batchId);
    const rows = desk.getByRole('table', { name: 'Leads' }).locator('tbody tr[tabindex="0"]');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    const listed = await rows.allInnerTexts();
    expect(listed.some((text) => text.includes(imageName))).toBe(true);
    expect(listed.some((text) => text.includes(scriptName))).toBe(true);
    // The owner's name is shown on the row too.
    expect(listed.every((text) => text.includes(scriptName))).toBe(true);
    await expectNothingRan(desk);

    await rows.filter({ hasText: imageName }).first().press('Enter');
    const drawer = desk.getByRole('dialog', { name: imageName });
    await drawer.waitFor();
    await expect(drawer.innerText()).resolves.toContain(imageName);
    await expectNothingRan(desk);
    await desk.keyboard.press('Escape');

    await desk.goto('/createuser');
    for (const [email, name] of [
      [assessor.email, scriptName],
      [imageEmail, imageName],
    ] as const) {
      const row = desk.getByRole('row').filter({ has: desk.getByRole('cell', { name: email }) });
      await row.waitFor();
      await expect(row.innerText()).resolves.toContain(name);
    }
    await expectNothingRan(desk);
    await desk.context().close();

    const phone = await newPage(browser, { width: 360, height: 740 });
    await signIn(phone, assessor.email, assessor.password);
    await phone.waitForURL((url) => url.pathname === '/colaborador');
    await phone.getByRole('heading', { name: imageName, level: 3 }).waitFor({ timeout: 10_000 });
    await phone.getByRole('heading', { name: scriptName, level: 3 }).waitFor();
    await phone.locator('header').getByRole('button', { name: scriptName }).waitFor();
    await expectNothingRan(phone);
    await phone.context().close();
  });
});
