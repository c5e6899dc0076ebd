import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppEvent } from '../../core/events.ts';
import { readSetting, writeSetting } from '../config/app-settings.repository.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createUnitOfWork } from './unit-of-work.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

const changed: AppEvent = { type: 'leads.changed', assessorIds: ['a'] };

it('hands its events to the publisher after the commit, all together', async () => {
  const heard: AppEvent[][] = [];
  const unitOfWork = createUnitOfWork(database.db, {
    publish: (...events) => void heard.push(events),
  });
  await unitOfWork(null, async (unit) => {
    await writeSetting(unit.trx, 'unit_of_work_test', 'kept');
    unit.publish(changed);
    unit.publish({ type: 'leads.imported' });
    // Not while the transaction is open: a page told now would refetch the old data.
    expect(heard).toEqual([]);
  });
  expect(heard).toEqual([[changed, { type: 'leads.imported' }]]);
  expect(await readSetting(database.db, 'unit_of_work_test')).toBe('kept');
});

it('announces nothing of a change that rolls back', async () => {
  const heard: AppEvent[] = [];
  const unitOfWork = createUnitOfWork(database.db, {
    publish: (...events) => void heard.push(...events),
  });
  await expect(
    unitOfWork(null, async (unit) => {
      await writeSetting(unit.trx, 'unit_of_work_rolled_back', 'lost');
      unit.publish(changed);
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(heard).toEqual([]);
  expect(await readSetting(database.db, 'unit_of_work_rolled_back')).toBeUndefined();
});
