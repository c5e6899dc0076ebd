import { readFile } from 'node:fs/promises';
import { beforeAll, inject } from 'vitest';

/** Longer than a build and a start from a clean clone on a busy 2-core machine. */
const waitMs = 10 * 60_000;

// The server is built and started in the background by the global set-up (e2e/global-setup.ts)
// while other tests run: a browser test file starts once it answers.
beforeAll(async () => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const state = await readFile(inject('serverStateFile'), 'utf8').catch(() => undefined);
    if (state === 'ready') return;
    if (state !== undefined)
      throw new Error(`CCA não iniciou para os testes de navegador: ${state}`);
    if (Date.now() > deadline) throw new Error(`CCA não ficou pronto em ${waitMs / 60_000} min`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, waitMs + 5_000);
