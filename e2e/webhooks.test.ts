import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../src/server/webhooks/fixtures/webhook-receiver.ts';
import { adminCookie, api, distribute, importLeads } from './support/api.ts';
import { admin, baseUrl, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
let receiver: WebhookReceiver;
let allowedBefore: unknown;
const suffix = Date.now().toString(36);
const endpointName = `Receptor ${suffix}`;

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startWebhookReceiver();
  allowedBefore = (await api(await adminCookie(), '/api/webhooks/settings')).allowPrivateTargets;
});
afterAll(async () => {
  // The other files share the server: they find the endpoints and the setting as they were.
  const cookie = await adminCookie();
  const { endpoints } = (await api(cookie, '/api/webhooks')) as {
    endpoints: { id: number; name: string }[];
  };
  for (const endpoint of endpoints.filter((endpoint) => endpoint.name === endpointName)) {
    await fetch(`${baseUrl()}/api/webhooks/${endpoint.id}`, {
      method: 'DELETE',
      headers: { origin: baseUrl(), cookie },
    });
  }
  await api(cookie, '/api/webhooks/settings', {
    method: 'PUT',
    body: { allowPrivateTargets: allowedBefore === true },
  });
  await receiver.close();
  await browser.close();
});

type Deliveries = { deliveries: { id: number; state: string; attempts: number }[] };

describe('webhooks', () => {
  it('an admin registers a loopback endpoint, an acceptance reaches it signed, and the admin replays it', async () => {
    const desk = await newPage(browser, { width: 390, height: 844 });
    await signIn(desk, admin().email, admin().password);
    await desk.waitForURL((url) => url.pathname === '/');
    await desk.goto('/integracoes/webhooks');
    const allow = desk.getByRole('switch', { name: 'Permitir destinos na rede interna' });
    await allow.waitFor();
    if (!(await allow.isChecked())) {
      // No force: a forced click neither waits for the switch to stop moving nor tries again.
      await allow.click();
      await desk.getByText('Destinos na rede interna agora são aceitos.').waitFor();
    }
    await desk.getByText('Destinos na rede interna permitidos').waitFor();

    await desk.getByLabel('Nome').fill(endpointName);
    await desk.getByLabel('Endereço (URL)').fill(receiver.url);
    expect(await desk.getByRole('checkbox', { name: 'Lead aceitou' }).isChecked()).toBe(true);
    await desk.getByRole('button', { name: 'Cadastrar destino' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Segredo da assinatura' });
    const secret = (await dialog.getByText(/^whsec_/).innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    receiver.secret = secret;
    await dialog.getByRole('button', { name: 'Já guardei' }).click();
    const card = desk.getByRole('article', { name: endpointName });
    await card.waitFor();
    // Shown once: the page, reloaded, has no trace of it.
    await desk.reload();
    await card.waitFor();
    expect(await desk.content()).not.toContain(secret);
    const sideways = await desk.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);

    const assessor = {
      name: `Webhook ${suffix}`,
      email: `webhook-${suffix}@e2e.test`,
      password: `senha-do-webhook-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const source = `e2e-webhook-${suffix}`;
    const leadName = `Aceita Webhook ${suffix}`;
    await importLeads(source, [leadName]);
    await distribute(id, 1, source);
    const work = await newPage(browser);
    await signIn(work, assessor.email, assessor.password);
    const lead = work.getByRole('article', { name: leadName });
    await lead.getByRole('button', { name: /Aceitou/ }).click();
    await lead.waitFor({ state: 'detached' });

    const [delivered] = await receiver.waitFor(1, 20_000);
    expect(delivered?.event).toBe('lead.accepted');
    expect(delivered?.signatureValid).toBe(true);
    expect(delivered?.json.data.lead?.name).toBe(leadName);
    expect(delivered?.json.data.assessor?.name).toBe(assessor.name);

    await card.getByRole('button', { name: 'Ver entregas' }).click();
    const log = card.getByRole('table', { name: `Entregas de ${endpointName}` });
    const row = log.getByRole('row', { name: /Lead aceitou/ });
    await row.getByText('Entregue').waitFor({ timeout: 15_000 });
    expect(await row.getByRole('cell').nth(2).innerText()).toBe('200');
    expect(await row.getByRole('cell').nth(3).innerText()).toMatch(/^\d+ ms$/);

    await row.getByRole('button', { name: /^Reenviar a entrega/ }).click();
    await desk.getByText('Entrega na fila').waitFor();
    const [, replayed] = await receiver.waitFor(2, 20_000);
    expect(replayed?.id).toBe(delivered?.id);
    expect(replayed?.body).toBe(delivered?.body);
    expect(replayed?.signatureValid).toBe(true);
    const endpointId = Number(
      ((await card.getAttribute('aria-labelledby')) ?? '').replace('webhook-', ''),
    );
    await expect
      .poll(
        async () =>
          ((await api(await adminCookie(), `/api/webhooks/${endpointId}/deliveries`)) as Deliveries)
            .deliveries[0],
        { timeout: 15_000 },
      )
      .toMatchObject({ state: 'delivered', attempts: 2 });

    await work.context().close();
    await desk.context().close();
  }, 120_000);
});
