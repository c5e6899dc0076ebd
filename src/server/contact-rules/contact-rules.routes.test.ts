import { describe, expect, it } from 'vitest';
import { type ContactRules, defaultContactRules } from '../../core/contact-rules.ts';
import { withAuditRefused } from '../testing/refuse-audit.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { testOrigin } from '../testing/test-app.ts';

const context = setUpTestApp({ assessors: { assessor: 'Assessora Regras' } });

const read = (cookie: string) => context.t.as(cookie).get('/api/contact-rules');
const replace = (cookie: string, payload: unknown) =>
  context.t.app.inject({
    method: 'PUT',
    url: '/api/contact-rules',
    headers: { origin: testOrigin, cookie },
    payload: payload as Record<string, unknown>,
  });

describe('/api/contact-rules', () => {
  it('answers the shipped rules until an admin changes them, audited', async () => {
    const shipped = (await read(context.assessor.cookie)).json();
    expect(shipped).toEqual({ rules: defaultContactRules, defaults: defaultContactRules });
    expect(shipped.rules.caps).toEqual({ perDay: 3, perWeek: 10 });

    const rules: ContactRules = {
      ...defaultContactRules,
      caps: { perDay: 2, perWeek: 6 },
      overdueCallbacks: { afterMinutes: 30, returnToPool: true },
    };
    const response = await replace(context.adminCookie, rules);
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(context.assessor.cookie)).json().rules).toEqual(rules);
    const audit = await context.t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'contact_rules.changed')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ perDay: 2, perWeek: 6, overdueReturnToPool: true });
  });

  it('refuses an context.assessor and a rule out of bounds, in pt-BR, changing nothing', async () => {
    const before = (await read(context.adminCookie)).json();
    expect((await replace(context.assessor.cookie, defaultContactRules)).statusCode).toBe(403);
    const noTries = {
      ...defaultContactRules,
      retry: {
        ...defaultContactRules.retry,
        busy: { delayMinutes: 20, maxTries: 0, afterLast: 'pool' },
      },
    };
    const invalid = await replace(context.adminCookie, noTries);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toContain('Máximo de tentativas: o mínimo é 1.');
    const unknownAfter = {
      ...defaultContactRules,
      retry: {
        ...defaultContactRules.retry,
        busy: { delayMinutes: 20, maxTries: 3, afterLast: 'apagar' },
      },
    };
    expect((await replace(context.adminCookie, unknownAfter)).json().error.message).toContain(
      'Escolha o que acontece após a última tentativa.',
    );
    expect((await read(context.adminCookie)).json()).toEqual(before);
  });

  it('keeps the rules as they were when the change cannot be audited', async () => {
    const before = (await read(context.adminCookie)).json();
    const rules: ContactRules = { ...defaultContactRules, caps: { perDay: 1, perWeek: 4 } };
    const response = await withAuditRefused(context.t.database.db, 'contact_rules.changed', () =>
      replace(context.adminCookie, rules),
    );
    expect(response.statusCode).toBe(500);
    expect((await read(context.adminCookie)).json()).toEqual(before);
  });
});
