import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createDenialRecorder } from './audit-trail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { apiRateLimitPerMinute: 20 } });
});
afterAll(() => t?.close());

async function deniedRowsFrom(ip: string) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'access.denied')
    .where('ip', '=', ip)
    .orderBy('id')
    .execute();
}

describe('a flood of refused requests', () => {
  it('is rate limited outside /api too, and writes nothing to the log', async () => {
    const statuses: number[] = [];
    for (let request = 0; request < 40; request++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/qualquer-coisa-${request}`,
        headers: { origin: 'https://evil.example' },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expect(await deniedRowsFrom('203.0.113.9')).toEqual([]);
  });

  it('on an API route, writes the first refusal of a source at once', async () => {
    for (let request = 0; request < 30; request++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { origin: 'https://evil.example' },
        remoteAddress: '203.0.113.10',
        payload: {},
      });
    }
    const rows = await deniedRowsFrom('203.0.113.10');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({
      code: 'CROSS_SITE_REQUEST',
      method: 'POST',
      path: '/api/users',
      origin: 'https://evil.example',
    });
  });

  it('writes the repeats of a source as one row with their count when the minute ends', async () => {
    const recorder = createDenialRecorder(t.database.db, { windowMs: 300 });
    const request = (ip: string, path: string) =>
      ({
        ip,
        method: 'POST',
        url: path,
        headers: { origin: 'https://evil.example', 'user-agent': 'flood/1.0' },
        sessionUser: null,
      }) as unknown as FastifyRequest;
    for (let repeat = 0; repeat < 100; repeat++) {
      await recorder.record(request('198.51.100.7', `/x${repeat}`), 'CROSS_SITE_REQUEST');
    }
    await recorder.record(request('198.51.100.8', '/y'), 'CROSS_SITE_REQUEST');
    expect(await deniedRowsFrom('198.51.100.7')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const rows = await deniedRowsFrom('198.51.100.7');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.details).toMatchObject({
      code: 'CROSS_SITE_REQUEST',
      repeated: 99,
      path: '/x99',
      origin: 'https://evil.example',
    });
    expect(await deniedRowsFrom('198.51.100.8')).toHaveLength(1);
    await recorder.flush();
  });
});
