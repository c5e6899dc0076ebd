import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneDigits } from './support/api.ts';
import { admin, baseUrl, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);

/** A lead sent as another system sends it: no cookie, no origin, only the token. */
const injectLead = (secret: string, lead: object) =>
  fetch(`${baseUrl()}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify(lead),
  });

describe('API tokens', () => {
  it('an admin creates a token, sees its secret once, an integration uses it, and revoking it stops it', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${baseUrl()}/integracoes/tokens`);
    const name = `Site ${suffix}`;
    await page.getByLabel('Nome da integração').fill(name);
    await page.getByRole('button', { name: 'Criar token' }).click();
    const secret = (await page.getByTestId('novo-token').innerText()).trim();
    expect(secret).toMatch(/^cca_[a-z0-9]{12}_/);
    await page.getByRole('button', { name: 'Já guardei' }).click();
    // Shown once: the list has its prefix only.
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByText('Ativo').waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    const leadName = `Lead do site ${suffix}`;
    const created = await injectLead(secret, {
      externalId: `e2e-${suffix}`,
      name: leadName,
      phone: `11 ${phoneDigits()}`,
    });
    expect(created.status).toBe(201);
    const { leadId } = (await created.json()) as { leadId: number };

    await page.goto(`${baseUrl()}/leads/list?q=${encodeURIComponent(leadName)}`);
    await page.getByText(leadName).first().click();
    await page.getByText(name).first().waitFor();

    await page.goto(`${baseUrl()}/integracoes/tokens`);
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'Revogar' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByText('Revogado')
      .waitFor();

    const refused = await injectLead(secret, { name: 'Depois', phone: `11 ${phoneDigits()}` });
    expect(refused.status).toBe(401);
    expect(leadId).toBeGreaterThan(0);

    await page.goto(`${baseUrl()}/auditoria`);
    await page.getByText(`Token de API: ${name}`).first().waitFor();
    await page.context().close();
  });
});
