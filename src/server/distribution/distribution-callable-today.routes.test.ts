import { describe, expect, it } from 'vitest';
import { areaCodesCallableToday } from '../../core/calling-windows.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { everyHourCalendar, setCallingHours } from '../testing/test-settings.ts';

const context = setUpTestApp({ assessors: { ana: 'Ana Hoje' } });

/** Rondônia (DDD 69) closed every day; every other state open every hour. */
const rondoniaClosed = {
  ...everyHourCalendar,
  rules: {
    ...everyHourCalendar.rules,
    byUf: { RO: { weekdays: Array(7).fill(null), onHolidays: false, law: null } },
  },
};

async function distribute(source: string, count: number, preferCallableToday: boolean) {
  const response = await context.t.as(context.admin).post('/api/distributions', {
    perAssessor: { [context.ana.id]: count },
    pool: { source, preferCallableToday },
  });
  expect(response.statusCode, response.body).toBe(201);
  const rows = await context.t.database.db
    .selectFrom('leads')
    .select('phone')
    .where('source', '=', source)
    .where('owner_id', '=', context.ana.id)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.phone?.slice(3, 5));
}

describe('a distribution that prefers leads callable today', () => {
  it('knows which area codes may still be called today', () => {
    const codes = areaCodesCallableToday(rondoniaClosed, new Date());
    expect(codes).toContain('11');
    expect(codes).not.toContain('69');
    expect(codes).toHaveLength(66);
  });

  it('hands out first the leads whose state may still be called today, then the others', async () => {
    await setCallingHours(context.t.database.db, rondoniaClosed);
    let number = 70_000_000;
    const seed = async (source: string, ddd: string, count: number) => {
      for (let index = 0; index < count; index++) {
        await context.t.database.db
          .insertInto('leads')
          .values({ name: 'Lead Hoje', phone: `+55${ddd}9${++number}`, source })
          .execute();
      }
    };
    // The oldest leads of each source ring in Rondônia.
    for (const source of ['preferido', 'na-ordem']) {
      await seed(source, '69', 2);
      await seed(source, '11', 2);
    }
    // Both São Paulo leads, and the oldest of Rondônia to fill the third (in id order).
    expect(await distribute('preferido', 3, true)).toEqual(['69', '11', '11']);
    expect(await distribute('na-ordem', 3, false)).toEqual(['69', '69', '11']);
  });
});
