import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distribute, importLeads } from './support/api.ts';
import { admin, createUser, launchBrowser, newPage, signIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);

describe('WhatsApp message templates', () => {
  it('an admin writes one, the assessor opens WhatsApp with it filled in, the call names it', async () => {
    const templateName = `Boas-vindas ${suffix}`;
    const company = `Seguros Exemplo ${suffix}`;

    // The admin names the company and writes the template, watching the preview.
    const desk = await newPage(browser);
    await signIn(desk, admin().email, admin().password);
    await desk.waitForURL((url) => url.pathname === '/');
    await desk.getByRole('button', { name: 'Ana Administradora' }).click();
    await desk.getByRole('menuitem', { name: 'Modelos de WhatsApp' }).click();
    await desk.getByRole('heading', { name: 'Modelos de WhatsApp', level: 1 }).waitFor();
    await desk.getByRole('textbox', { name: 'Nome da empresa' }).fill(company);
    await desk.getByRole('button', { name: 'Salvar nome' }).click();
    await desk.getByText('Nome da empresa salvo.').waitFor();

    const form = desk.getByRole('region', { name: 'Novo modelo' });
    await form.getByRole('textbox', { name: 'Nome do modelo' }).fill(templateName);
    await form
      .getByRole('textbox', { name: 'Texto da mensagem' })
      .fill('Olá {nome}, aqui é {assessor} da ');
    await form.getByRole('button', { name: /^Inserir \{empresa\}/ }).click();
    await form.getByRole('textbox', { name: 'Texto da mensagem' }).press('End');
    await form
      .getByRole('textbox', { name: 'Texto da mensagem' })
      .pressSequentially('. Podemos conversar?');
    const preview = form.getByRole('region', { name: 'Pré-visualização da mensagem' });
    await preview
      .getByText(`Olá Maria, aqui é João Assessor da ${company}. Podemos conversar?`)
      .waitFor();
    await form.getByRole('button', { name: 'Criar modelo' }).click();
    await desk.getByText(`Modelo "${templateName}" criado.`).waitFor();
    await desk.getByRole('listitem', { name: templateName }).waitFor();

    // One lead, imported in capitals as files often come, handed to a new assessor.
    const assessor = {
      name: `Tiago Modelos ${suffix}`,
      email: `tiago-modelos-${suffix}@e2e.test`,
      password: `senha-do-tiago-${suffix}`,
    };
    const { id } = await createUser({ ...assessor, role: 'assessor' });
    const source = `e2e-modelos-${suffix}`;
    const leadName = `RENATA MODELO ${suffix}`;
    await importLeads(source, [leadName]);
    await distribute(id, 1, source);

    // The assessor, on a phone, picks the template: the WhatsApp link carries the text.
    const work = await newPage(browser, { width: 390, height: 844 });
    // No internet here: the WhatsApp tab the link opens gets an empty page.
    await work
      .context()
      .route('https://wa.me/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
      );
    await signIn(work, assessor.email, assessor.password);
    const card = work.getByRole('article', { name: leadName });
    await card.waitFor();
    const link = card.getByRole('link', { name: /^WhatsApp de/ });
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511\d{9}$/);
    await card
      .getByLabel(`Mensagem do WhatsApp para ${leadName}`)
      .selectOption({ label: templateName });
    const message = `Olá Renata, aqui é ${assessor.name} da ${company}. Podemos conversar?`;
    await expect
      .poll(() => link.getAttribute('href'))
      .toMatch(
        new RegExp(
          `^https://wa\\.me/5511\\d{9}\\?text=${encodeURIComponent(message).replace(/[.?*()]/g, '\\$&')}$`,
        ),
      );
    const sideways = await work.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);

    const popup = work.context().waitForEvent('page');
    await link.click();
    await (await popup).close();
    await card.getByText('Canal: WhatsApp').waitFor();
    await card.getByRole('button', { name: /Aceitou/ }).click();
    await card.waitFor({ state: 'detached' });

    // The admin sees on the calls list which template went with the call.
    await desk.goto('/leads/listcall');
    const row = desk
      .getByRole('table', { name: 'Ligações' })
      .getByRole('row', { name: new RegExp(leadName) });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('WhatsApp');
    expect(text).toContain(`Modelo de mensagem: ${templateName}`);

    // The admin archives the template, which leaves the list, and brings it back.
    await desk.goto('/whatsapp/modelos');
    await desk.getByRole('button', { name: `Arquivar ${templateName}` }).click();
    await desk
      .getByText(`"${templateName}" foi arquivado: os assessores não o veem mais.`)
      .waitFor();
    await desk.getByRole('listitem', { name: templateName }).waitFor({ state: 'detached' });
    await desk.getByRole('switch', { name: /^Mostrar arquivados/ }).check();
    await desk.getByRole('button', { name: `Reativar ${templateName}` }).click();
    await desk.getByText(`"${templateName}" voltou à lista dos assessores.`).waitFor();

    await work.context().close();
    await desk.context().close();
  }, 90_000);
});
