import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, distribute, importLeads } from './support/api.ts';
import { admin, baseUrl, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);
const source = `e2e-auditoria-${suffix}`;

/** Codes the server stores in details, which a person must never have to read. */
const codes =
  /(^|[\s:])(mixed|new|recycled|assessor|admin|no_answer|green|yellow|red|invalid|do_not_call|phone|whatsapp|csv|xlsx|true|false|FORBIDDEN|CROSS_SITE_REQUEST)(;|,|$|\s)/;
/** A field name left in code: camelCase, or snake_case. */
const codeLabel = /(^|[\s;])[a-z]+([A-Z]|_[a-z])[A-Za-z_]*:/;

describe('the audit trail', () => {
  it('speaks Portuguese: every field and every value in words', async () => {
    const { id } = await createUser({
      name: `Auditada ${suffix}`,
      email: `auditada-${suffix}@e2e.test`,
      role: 'assessor',
      password: `senha-auditada-${suffix}`,
    });
    await importLeads(source, [`Lead Auditoria ${suffix}`]);
    await distribute(id, 1, source);

    // An export of the contatos: its filter is told in the words of the call records.
    const exported = await fetch(`${baseUrl()}/api/attempts/export?contact=yes&format=csv`, {
      headers: { origin: baseUrl(), cookie: await adminCookie() },
    });
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();

    const page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/auditoria');
    const table = page.getByRole('table', { name: 'Registro de auditoria' });
    await table.getByText(`Leads de: Tipo: Só novos; Origem: ${source}`).waitFor();
    await table.getByText('Perfil: Assessor').first().waitFor();
    await table.getByText('Filtros: Contato: Contatos (alguém atendeu)').first().waitFor();
    const details = await table.locator('tbody tr td:nth-child(5)').allInnerTexts();
    expect(details.length).toBeGreaterThan(5);
    for (const cell of details) {
      for (const line of cell.split('\n')) {
        expect(line, line).not.toMatch(codes);
        expect(line, line).not.toMatch(codeLabel);
      }
    }
    await page.context().close();
  });
});
