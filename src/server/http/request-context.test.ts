import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';

/** Every line the app logs, as pino writes it. */
const lines: Record<string, unknown>[] = [];
/** What the mailer logs outside a request (main.ts's console). */
const outsideLines: string[] = [];

const context = setUpTestApp({
  app: {
    deps: {
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
      // The outbox mailer, as a CCA without SMTP has: it logs each mail it writes.
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'cca@cca.test',
        outboxDir: mkdtempSync(path.join(os.tmpdir(), 'cca-outbox-')),
        log: (message) => void outsideLines.push(message),
      }),
    },
  },
});

beforeEach(() => {
  lines.length = 0;
  outsideLines.length = 0;
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("a request's id", () => {
  it('is on every log line of the request, a mail written on its behalf included, and sent back', async () => {
    const response = await context.t
      .as(context.adminCookie, { 'x-request-id': 'proxy-7f3a.42' })
      .post('/api/users', { name: 'Convidada', email: 'convidada@cca.test', role: 'assessor' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['x-request-id']).toBe('proxy-7f3a.42');

    const messages = lines.map((line) => String(line.msg));
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
    expect(messages.some((message) => message.startsWith('E-mail para convidada@cca.test'))).toBe(
      true,
    );
    expect(outsideLines).toEqual([]);
    for (const line of lines) expect(line.reqId, String(line.msg)).toBe('proxy-7f3a.42');
  });

  it('is a new UUID when the caller sends none, or one that is not a short plain token', async () => {
    const ids: unknown[] = [];
    for (const given of [undefined, 'um id com espaços', 'x'.repeat(65), 'a"b']) {
      const response = await context.t.app.inject({
        url: '/api/health',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      expect(response.headers['x-request-id'], given).toMatch(uuid);
      ids.push(response.headers['x-request-id']);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const line of lines) expect(ids).toContain(line.reqId);
  });

  it('is sent back on a refusal too', async () => {
    const response = await context.t.app.inject({
      url: '/api/my-leads',
      headers: { 'x-request-id': 'recusa-1' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe('recusa-1');
  });
});
