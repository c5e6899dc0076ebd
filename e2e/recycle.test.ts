import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recycledMessage } from '../src/core/recycling.ts';
import { api, cookieOf, distribute, importLeads } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** One server and one database serve every e2e file: names, e-mails and phones are this run's own. */
const suffix = Date.now().toString(36);
const source = `e2e-reciclagem-${suffix}`;
const leadNames = [`Rita Recusa ${suffix}`, `Sergio Recusa ${suffix}`, `Tania Recusa ${suffix}`];
const assessor = {
  name: `Otto Assessor ${suffix}`,
  email: `otto-${suffix}@e2e.test`,
  password: `senha-do-otto-${suffix}`,
};

/**
 * This run's refusals, made as the product makes them: imported, handed to one assessor, who
 * records `Não aceitou` on each. Answers their ids.
 */
async function seedRefusedLeads(): Promise<number[]> {
  await importLeads(source, leadNames);

  const { id: assessorId } = await createUser({ ...assessor, role: 'assessor' });
  await distribute(assessorId, leadNames.length, source);
  const assessorCookie = await cookieOf(assessor.email, assessor.password);
  const mine = (await api(assessorCookie, '/api/my-leads')) as {
    leads: { id: number; name: string }[];
  };
  const ids = mine.leads.filter((lead) => leadNames.includes(lead.name)).map((lead) => lead.id);
  expect(ids).toHaveLength(leadNames.length);
  for (const leadId of ids) {
    await api(assessorCookie, `/api/leads/${leadId}/attempts`, {
      method: 'POST',
      body: { outcome: 'red', channel: 'phone' },
    });
  }
  return ids;
}

async function statusOf(adminCookie: string, leadId: number) {
  return (await api(adminCookie, `/api/leads/${leadId}`)).status;
}

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Reciclar Leads' }).click();
  const dialog = dialogNamed(page, 'Tem certeza que deseja reciclar Leads?');
  await dialog.waitFor();
  return dialog;
}

describe('recycling leads on a phone', () => {
  it('shows the whole dialog at 390 px, "Alterar regras" unclipped', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    await signIn(phone, admin().email, admin().password);
    await phone.waitForURL((url) => url.pathname === '/');
    const dialog = await openDialog(phone);
    const change = dialog.getByRole('button', { name: 'Alterar regras' });
    const box = await change.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    // Its label fits its button: nothing cut off inside.
    const clipped = await change.evaluate((button) =>
      [button, ...button.querySelectorAll('*')].some(
        (element) => element.scrollWidth > element.clientWidth + 1,
      ),
    );
    expect(clipped).toBe(false);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await phone.context().close();
  });
});

describe('recycling leads', () => {
  let adminCookie: string;
  let leadIds: number[];
  let page: Page;

  beforeAll(async () => {
    adminCookie = await cookieOf(admin().email, admin().password);
    leadIds = await seedRefusedLeads();
    page = await newPage(browser);
    await signIn(page, admin().email, admin().password);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('asks first, and Cancelar closes without recycling', async () => {
    const dialog = await openDialog(page);
    await dialog
      .getByText(
        'Ao reciclar, todos os leads que já foram atendidos voltarão para os Assessores.',
        { exact: true },
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Reciclar', exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    for (const leadId of leadIds) expect(await statusOf(adminCookie, leadId)).toBe('red');
  });

  it('has no serious or critical axe finding in the dialog, light or dark', async () => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const dialog = await openDialog(page);
      await dialog.getByText(/voltam? para o pool/).waitFor();
      await dialog.getByRole('button', { name: 'Alterar regras' }).click();
      await dialog.getByRole('button', { name: 'Salvar regras' }).waitFor();
      found.push(
        ...(await seriousViolations(page, '[role="dialog"]')).map(
          (text) => `${colorScheme}: ${text}`,
        ),
      );
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(found).toEqual([]);
  });

  it('an error answer and a cut connection bring back the confirmation with the seed texts', async () => {
    await page.route('**/api/reciclarleadsteste', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Erro interno.' } }),
      }),
    );
    let dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Reciclar', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText('Erro ao reciclar os leads', { exact: true })
      .waitFor();
    await dialog.getByRole('button', { name: 'Reciclar', exact: true }).waitFor();
    await page.unroute('**/api/reciclarleadsteste');

    await page.route('**/api/reciclarleadsteste', (route) => route.abort());
    await dialog.getByRole('button', { name: 'Reciclar', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText('Erro ao tentar se conectar ao servidor.', { exact: true })
      .waitFor();
    await page.unroute('**/api/reciclarleadsteste');

    // Closing forgets the error.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    dialog = await openDialog(page);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    for (const leadId of leadIds) expect(await statusOf(adminCookie, leadId)).toBe('red');
  });

  it('shows the progress, then the count of recycled leads; a second recycle finds nothing left', async () => {
    // Hold the request until the progress view has been seen, and read what the server said.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered: { updatedAlertCount: number; message: string } | undefined;
    await page.route('**/api/reciclarleadsteste', async (route) => {
      await held;
      const response = await route.fetch();
      answered = (await response.json()) as typeof answered;
      await route.fulfill({ response });
    });
    const dialog = await openDialog(page);
    // Under the seed's words, how many would go and from which status, before confirming.
    const preview = dialog.getByText(/voltam? para o pool/);
    await preview.waitFor();
    const line = await preview.innerText();
    expect(line).toMatch(
      /^\d{1,3}(\.\d{3})* leads Não aceitou voltam para o pool \(sem tempo mínimo desde a recusa\)\.$/,
    );
    expect(
      await preview
        .getByText('Não aceitou', { exact: true })
        .evaluate((status) => Number(getComputedStyle(status).fontWeight)),
    ).toBeGreaterThanOrEqual(700);
    const previewed = Number(line.split(' ')[0]?.replaceAll('.', ''));
    await dialog.getByRole('button', { name: 'Reciclar', exact: true }).click();
    const progress = dialogNamed(page, 'Reciclando');
    await progress.getByText('Aguarde um momento, estamos reciclando os leads.').waitFor();
    release();

    const success = dialogNamed(page, 'Parabéns seus leads foram reciclados!');
    await success.waitFor();
    await page.unroute('**/api/reciclarleadsteste');
    const count = answered?.updatedAlertCount ?? 0;
    // Other files' refusals may be recycled too; this run's three are among them.
    expect(count).toBeGreaterThanOrEqual(leadNames.length);
    expect(count).toBe(previewed);
    expect(answered?.message).toBe(recycledMessage(count));
    await success.getByText(recycledMessage(count), { exact: true }).waitFor();
    expect(recycledMessage(3)).toBe('Foram reciclados 3 leads, que não aceitaram se cadastrar.');
    for (const leadId of leadIds) expect(await statusOf(adminCookie, leadId)).toBe('recycled');
    await success.getByRole('button', { name: 'Pronto!' }).click();
    await success.waitFor({ state: 'hidden' });

    const again = await openDialog(page);
    await again
      .getByText(
        'Nenhum lead Não aceitou volta para o pool agora (sem tempo mínimo desde a recusa).',
        { exact: true },
      )
      .waitFor();
    await again.getByRole('button', { name: 'Reciclar', exact: true }).click();
    const nothingLeft = dialogNamed(page, 'Não há mais leads a serem reciclados');
    await nothingLeft.getByText('Você reciclou todos os leads.', { exact: true }).waitFor();
    await nothingLeft.getByRole('button', { name: 'Entendi!' }).click();
    await nothingLeft.waitFor({ state: 'hidden' });

    // Closing reset the dialog: it opens on the confirmation again.
    await openDialog(page);
    await page.keyboard.press('Escape');
  });

  it('lets the admin change the rules from the dialog, and refuses an empty minimum', async () => {
    const dialog = await openDialog(page);
    await dialog
      .getByText('Regras: sem tempo mínimo desde a recusa; sem limite de reciclagens por lead.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Alterar regras' }).click();
    const minDays = dialog.getByLabel('Tempo mínimo desde a recusa (dias)');
    const maxRecycles = dialog.getByLabel('Máximo de reciclagens por lead');
    // The inputs keep values in range by themselves; an empty minimum is refused.
    await minDays.fill('');
    await dialog.getByRole('button', { name: 'Salvar regras' }).click();
    await dialog.getByText('Informe o tempo mínimo em dias (0 para nenhum).').waitFor();

    await minDays.fill('7');
    await maxRecycles.fill('2');
    await dialog.getByRole('button', { name: 'Salvar regras' }).click();
    await dialog
      .getByText(
        'Regras: só leads recusados há pelo menos 7 dias; no máximo 2 reciclagens por lead.',
      )
      .waitFor();
    // The count line follows the new wait at once.
    await dialog.getByText(/volta.* para o pool.*há pelo menos 7 dias\)\.$/).waitFor();
    expect(await api(adminCookie, '/api/recycling/rules')).toEqual({
      minDaysSinceRefusal: 7,
      maxRecyclesPerLead: 2,
    });

    // Back to the seed's behaviour for the other files.
    await dialog.getByRole('button', { name: 'Alterar regras' }).click();
    await minDays.fill('0');
    await maxRecycles.fill('');
    await dialog.getByRole('button', { name: 'Salvar regras' }).click();
    await dialog
      .getByText('Regras: sem tempo mínimo desde a recusa; sem limite de reciclagens por lead.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows no recycle button to an assessor', async () => {
    const assessorPage = await newPage(browser);
    await signIn(assessorPage, assessor.email, assessor.password);
    await assessorPage.waitForURL((url) => url.pathname === '/colaborador');
    await assessorPage.getByRole('heading', { name: 'Leads diários' }).waitFor();
    expect(await assessorPage.getByRole('button', { name: 'Reciclar Leads' }).count()).toBe(0);
    await assessorPage.context().close();
  });
});
