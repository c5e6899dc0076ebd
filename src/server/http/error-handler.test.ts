import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/errors.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: string;
let address: { port: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAsAdmin();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  address = t.app.server.address() as { port: number };
});
afterAll(() => t.close());

/** Sends raw bytes over a socket and answers what came back, as text. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address.port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function errorOf(rawAnswer: string) {
  const body = rawAnswer.slice(rawAnswer.indexOf('\r\n\r\n') + 4);
  return errorBodySchema.parse(JSON.parse(body)).error;
}

describe('answers the framework refuses before any route runs', () => {
  // Fastify answered these itself, as {"error":"Bad Request","code":"FST_ERR_…",…} in English.
  it('an id longer than the router reads gets the error shape', async () => {
    const response = await t.as(admin).get(`/api/leads/${'9'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Endereço longo demais.' },
    });
  });

  it('a path that is not valid percent-encoding gets the error shape', async () => {
    const response = await t.as(admin).get('/api/leads/%ZZ');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    expect(response.json().error.message).toMatch(/Endereço inválido/);
  });

  it('headers too large for Node get 431 in the error shape', async () => {
    const answer = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: cca.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(errorOf(answer)).toEqual({
      code: 'BAD_REQUEST',
      message: 'Os cabeçalhos da requisição são grandes demais.',
    });
  });

  it('a request Node cannot parse gets 400 in the error shape', async () => {
    const answer = await rawRequest('NOT A REQUEST\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(errorOf(answer).message).toBe('Requisição HTTP inválida.');
  });
});
