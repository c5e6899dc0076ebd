import { describe, expect, it } from 'vitest';
import type { MessageTemplate } from '../../core/message-templates.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { testOrigin } from '../testing/test-app.ts';

const context = setUpTestApp({ assessors: { assessor: 'Ana Assessora' } });

const headersOf = (cookie: string) => context.t.as(cookie).headers;

const create = (payload: unknown, cookie = context.adminCookie) =>
  context.t.app.inject({
    method: 'POST',
    url: '/api/message-templates',
    headers: headersOf(cookie),
    payload: payload as Record<string, unknown>,
  });

const update = (id: number | string, payload: unknown, cookie = context.adminCookie) =>
  context.t.app.inject({
    method: 'PATCH',
    url: `/api/message-templates/${id}`,
    headers: headersOf(cookie),
    payload: payload as Record<string, unknown>,
  });

const setCompany = (payload: unknown, cookie = context.adminCookie) =>
  context.t.app.inject({
    method: 'PUT',
    url: '/api/message-templates/company',
    headers: headersOf(cookie),
    payload: payload as Record<string, unknown>,
  });

async function list(cookie: string, query = '') {
  const response = await context.t.as(cookie).get(`/api/message-templates${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { templates: MessageTemplate[]; companyName: string };
}

/** The templates, the company's name and the audit rows: what a refusal must leave alone. */
async function snapshot() {
  const [templates, company, audit] = await Promise.all([
    context.t.database.db.selectFrom('message_templates').selectAll().orderBy('id').execute(),
    context.t.database.db
      .selectFrom('app_settings')
      .selectAll()
      .where('key', '=', 'company_name')
      .execute(),
    context.t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', 'like', 'message_template.%')
      .execute(),
  ]);
  return { templates, company, audit: audit.length };
}

const auditOf = (action: string) =>
  context.t.database.db
    .selectFrom('audit_log')
    .select(['actor_id', 'target_type', 'target_id', 'details'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('/api/message-templates', () => {
  it('creates, edits, archives and restores a template, each change audited', async () => {
    const created = await create({
      name: '  Primeiro contato ',
      body: 'Olá {nome}, aqui é {context.assessor} da {empresa}.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json() as MessageTemplate;
    expect(template).toMatchObject({
      name: 'Primeiro contato',
      body: 'Olá {nome}, aqui é {context.assessor} da {empresa}.',
      active: true,
    });
    expect(await auditOf('message_template.created')).toMatchObject({
      actor_id: context.adminId,
      target_type: 'message_template',
      target_id: String(template.id),
      details: { name: 'Primeiro contato' },
    });

    const edited = await update(template.id, { body: 'Oi {nome}!' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: template.id,
      name: 'Primeiro contato',
      body: 'Oi {nome}!',
    });
    expect((await auditOf('message_template.updated')).details).toEqual({
      name: 'Primeiro contato',
      changes: {
        messageText: {
          from: 'Olá {nome}, aqui é {context.assessor} da {empresa}.',
          to: 'Oi {nome}!',
        },
      },
    });

    expect((await update(template.id, { active: false })).json().active).toBe(false);
    expect((await auditOf('message_template.archived')).details).toEqual({
      name: 'Primeiro contato',
    });
    // Archived: gone from the assessors' list, still in the admin's with archived=yes.
    expect((await list(context.assessor.cookie)).templates.map((item) => item.id)).not.toContain(
      template.id,
    );
    expect(
      (await list(context.adminCookie, '?archived=yes')).templates.find(
        (item) => item.id === template.id,
      ),
    ).toMatchObject({ active: false });

    expect((await update(template.id, { active: true })).json().active).toBe(true);
    expect((await auditOf('message_template.restored')).target_id).toBe(String(template.id));
    expect((await list(context.assessor.cookie)).templates.map((item) => item.id)).toContain(
      template.id,
    );
  });

  it('lists the active ones to an context.assessor, with the company name, archived ones only to admins', async () => {
    const archived = (await create({ name: 'Antigo', body: 'Texto antigo' })).json();
    await update(archived.id, { active: false });
    const kept = (await create({ name: 'Atual', body: 'Texto atual' })).json();
    const mine = await list(context.assessor.cookie);
    expect(mine.templates.every((item) => item.active)).toBe(true);
    expect(mine.templates.map((item) => item.id)).toContain(kept.id);
    expect(mine.templates.map((item) => item.id)).not.toContain(archived.id);

    const asked = await context.t
      .as(context.assessor.cookie)
      .get('/api/message-templates?archived=yes');
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error.message).toBe('Só administradores veem os modelos arquivados.');
  });

  it('keeps the company name an admin sets, audited', async () => {
    expect((await list(context.assessor.cookie)).companyName).toBe('');
    const response = await setCompany({ companyName: '  Acme Seguros ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ companyName: 'Acme Seguros' });
    expect((await list(context.assessor.cookie)).companyName).toBe('Acme Seguros');
    const read = await context.t.as(context.assessor.cookie).get('/api/message-templates/company');
    expect(read.json()).toEqual({ companyName: 'Acme Seguros' });
    expect((await auditOf('company_name.changed')).details).toEqual({
      companyName: { from: null, to: 'Acme Seguros' },
    });
  });

  it('refuses bad input with a pt-BR message and changes nothing', async () => {
    const existing = (await create({ name: 'Válido', body: 'Oi {nome}' })).json();
    const before = await snapshot();
    for (const [payload, message] of [
      [{ name: 'CPF', body: 'Seu CPF é {cpf}?' }, 'Variável desconhecida: {cpf}.'],
      [{ name: 'Dois', body: '{cpf} e {email}' }, 'Variáveis desconhecidas: {cpf}, {email}.'],
      [{ name: '   ', body: 'Oi' }, 'Informe o nome do modelo.'],
      [{ name: 'x'.repeat(81), body: 'Oi' }, 'no máximo 80 caracteres'],
      [{ name: 'Longo', body: 'y'.repeat(1001) }, 'no máximo 1000 caracteres'],
      [{ name: 'Sem texto' }, 'Escreva o texto da mensagem.'],
      [{ name: 'Extra', body: 'Oi', active: false }, undefined],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
      if (message) expect(response.json().error.message).toContain(message);
    }
    for (const [payload, message] of [
      [{ body: 'Oi {Nome}' }, 'Variável desconhecida: {Nome}.'],
      [{}, 'Informe o que mudar no modelo.'],
      [{ active: 'não' }, 'Ativo deve ser sim ou não.'],
    ] as const) {
      const response = await update(existing.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const missing = await update(999_999, { name: 'Nenhum' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Modelo de mensagem não encontrado.');
    expect((await update('abc', { name: 'Nenhum' })).statusCode).toBe(400);
    const company = await setCompany({ companyName: ' ' });
    expect(company.statusCode).toBe(400);
    expect(company.json().error.message).toContain('Informe o nome da empresa.');
    expect(await snapshot()).toEqual(before);
  });

  it('lets an context.assessor read but not write (403), and a stranger nothing (401)', async () => {
    const existing = (await create({ name: 'Só leitura', body: 'Oi' })).json();
    const before = await snapshot();
    const writes = [
      { method: 'POST', url: '/api/message-templates', payload: { name: 'X', body: 'Y' } },
      { method: 'PATCH', url: `/api/message-templates/${existing.id}`, payload: { active: false } },
      { method: 'PUT', url: '/api/message-templates/company', payload: { companyName: 'Outra' } },
    ] as const;
    for (const request of writes) {
      const response = await context.t.app.inject({
        ...request,
        headers: headersOf(context.assessor.cookie),
      });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      const anonymous = await context.t.app.inject({ ...request, headers: { origin: testOrigin } });
      expect(anonymous.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    const anonymousList = await context.t.app.inject({ url: '/api/message-templates' });
    expect(anonymousList.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
