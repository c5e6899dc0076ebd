import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadFilter } from '../../core/leads.ts';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';
import { createLeadRepository } from './lead.repository.ts';
import type { NameWindow } from './name-search-page.ts';

const { context, seedBatch, seedLead } = setUpLeadTestApp();

/**
 * A name search reads a window of the newest names in order and asks the trigram index for the
 * older ones (see `nameSearchPage`): with a window of 4 names, a page of 3 crosses it.
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

  /**
   * Windows read whole at once, and windows whose probe goes on to the rest (a probe of 1 name
   * that finds a match, scaled to 4, would fill half a page of 3 or more) or stops for the index
   * (one that finds none).
   */
  const windows: NameWindow[] = [
    { probe: 1, whole: 1 },
    { probe: 4, whole: 4 },
    { probe: 7, whole: 7 },
    { probe: 1, whole: 4 },
    { probe: 2, whole: 7 },
    { probe: 7, whole: 100_000 },
    { probe: 100_000, whole: 100_000 },
  ];
  const named = ({ probe, whole }: NameWindow) => `window of ${probe} then ${whole}`;

  async function allPages(filter: LeadFilter, order: 'desc' | 'asc', nameWindow: NameWindow) {
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
    for (const nameWindow of windows) {
      expect(await allPages(filter, 'desc', nameWindow), named(nameWindow)).toEqual(newestFirst);
      expect(await allPages(filter, 'asc', nameWindow), named(nameWindow)).toEqual(joanas);
    }
  });

  it('reads name order the same way', async () => {
    const byName = async (filter: LeadFilter, nameWindow: NameWindow) => {
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
    const whole = await byName({ q: 'joana prado', batch }, { probe: 100_000, whole: 100_000 });
    expect(whole.map((lead) => lead.id).sort((a, b) => a - b)).toEqual(joanas);
    expect(whole.map((lead) => lead.sortName)).toEqual(
      whole.map((lead) => lead.sortName).sort((a, b) => ((a ?? '') < (b ?? '') ? -1 : 1)),
    );
    for (const nameWindow of windows) {
      expect(await byName({ q: 'joana prado', batch }, nameWindow), named(nameWindow)).toEqual(
        whole,
      );
    }
  });

  it('keeps the other filters on the older names too', async () => {
    const filter: LeadFilter = { q: 'joana', batch, status: ['recycled'] };
    const expected = joanas.filter((id) => recycled.has(id)).reverse();
    expect(expected.length).toBeGreaterThan(3);
    for (const nameWindow of [
      { probe: 4, whole: 4 },
      { probe: 1, whole: 4 },
    ]) {
      expect(await allPages(filter, 'desc', nameWindow), named(nameWindow)).toEqual(expected);
      expect(
        await allPages({ ...filter, q: 'joana ninguém' }, 'desc', nameWindow),
        named(nameWindow),
      ).toEqual([]);
    }
  });
});
