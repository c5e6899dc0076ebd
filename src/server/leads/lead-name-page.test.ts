import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadFilter } from '../../core/leads.ts';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';
import { createLeadRepository } from './lead.repository.ts';

const { context, seedBatch, seedLead } = setUpLeadTestApp();

/**
 * A name search reads a window of the newest names in order and asks the trigram index for the
 * older ones (see `listNamePage`): with a window of 4 names, a page of 3 crosses it.
 */
describe('name search pages across the window of recent names', () => {
  let batch: number;
  /** The leads named "Joana Prado …", oldest first, and which of them are recycled. */
  const joanas: number[] = [];
  const recycled = new Set<number>();
  beforeAll(async () => {
    batch = await seedBatch();
    for (let n = 0; n < 40; n++) {
      const matches = n % 3 === 0 || n > 36;
      const status = n % 2 === 0 ? 'recycled' : 'new';
      const id = await seedLead({
        name: matches ? `Joana do Prado ${n}` : `Outra Pessoa ${n}`,
        batch_id: batch,
        status,
      });
      if (matches) joanas.push(id);
      if (matches && status === 'recycled') recycled.add(id);
    }
  });

  async function allPages(filter: LeadFilter, order: 'desc' | 'asc', nameWindow: number) {
    const leads = createLeadRepository(context.t.database.db, 'America/Sao_Paulo', {
      nameWindow,
    });
    const seen: number[] = [];
    let after: number | undefined;
    for (;;) {
      const page = await leads.listPage(filter, after, 3, order);
      seen.push(...page.map((lead) => lead.id));
      if (page.length < 3) return seen;
      after = page.at(-1)?.id;
    }
  }

  it('finds every match once, in order, whichever way each page is read', async () => {
    const filter = { q: 'prado joana', batch };
    const newestFirst = [...joanas].reverse();
    for (const nameWindow of [1, 4, 7, 100_000]) {
      expect(await allPages(filter, 'desc', nameWindow), `window ${nameWindow}`).toEqual(
        newestFirst,
      );
      expect(await allPages(filter, 'asc', nameWindow), `window ${nameWindow}`).toEqual(joanas);
    }
  });

  it('reads name order the same way', async () => {
    const byName = async (filter: LeadFilter, nameWindow: number) => {
      const leads = createLeadRepository(context.t.database.db, 'America/Sao_Paulo', {
        nameWindow,
      });
      const seen: { id: number; sortName: string | null }[] = [];
      for (;;) {
        const last = seen.at(-1);
        const page = await leads.listPageByName(
          filter,
          last && { name: last.sortName, id: last.id },
          3,
        );
        seen.push(...page);
        if (page.length < 3) return seen;
      }
    };
    const whole = await byName({ q: 'joana prado', batch }, 100_000);
    expect(whole.map((lead) => lead.id).sort((a, b) => a - b)).toEqual(joanas);
    expect(whole.map((lead) => lead.sortName)).toEqual(
      whole.map((lead) => lead.sortName).sort((a, b) => ((a ?? '') < (b ?? '') ? -1 : 1)),
    );
    for (const nameWindow of [1, 4, 7]) {
      expect(await byName({ q: 'joana prado', batch }, nameWindow), `window ${nameWindow}`).toEqual(
        whole,
      );
    }
  });

  it('keeps the other filters on the older names too', async () => {
    const filter: LeadFilter = { q: 'joana', batch, status: ['recycled'] };
    const expected = joanas.filter((id) => recycled.has(id)).reverse();
    expect(expected.length).toBeGreaterThan(3);
    expect(await allPages(filter, 'desc', 4)).toEqual(expected);
    expect(await allPages({ ...filter, q: 'joana ninguém' }, 'desc', 4)).toEqual([]);
  });
});
