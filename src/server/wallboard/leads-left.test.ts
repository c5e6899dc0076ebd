import { beforeEach, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { createLeadsLeftCounter } from './leads-left.ts';
import { createWallboardRepository } from './wallboard.repository.ts';

const context = setUpTestApp({ assessors: { ana: 'Ana', bruno: 'Bruno' } });
const db = () => context.t.database.db;
const repository = () => createWallboardRepository(() => db());
const hour = 3_600_000;

/** Gives `count` leads to `ownerId`, in its list; answers their ids. */
const listOf = (ownerId: string, count: number) =>
  context.t.seedLeads(count, { status: 'assigned', owner_id: ownerId, assigned_at: new Date() });

/** Takes a lead out of its list, as a call that ends it does. */
const accept = (leadId: number) =>
  db().updateTable('leads').set({ status: 'green' }).where('id', '=', leadId).execute();

beforeEach(async () => {
  await db().deleteFrom('leads').execute();
});

describe("the wallboard's leads left", () => {
  it('counts again at once the lists an event names, and the others only when the whole count is old', async () => {
    const { ana, bruno } = context;
    const anas = await listOf(ana.id, 3);
    const brunos = await listOf(bruno.id, 2);
    const counter = createLeadsLeftCounter((ids) => repository().leadsLeft(ids), hour);
    expect(Object.fromEntries(await counter.current())).toMatchObject({
      [ana.id]: 3,
      [bruno.id]: 2,
    });

    await accept(anas[0] as number);
    await accept(brunos[0] as number);
    counter.heard({ type: 'lead.attempted', assessorId: ana.id, leadId: anas[0] as number });
    const now = await counter.current();
    expect(now.get(ana.id)).toBe(2);
    // No event named Bruno's list: the count an hour old still holds it.
    expect(now.get(bruno.id)).toBe(2);

    // A whole list handed back to the pool: the event names its assessor.
    await db()
      .updateTable('leads')
      .set({ status: 'new', owner_id: null })
      .where('owner_id', '=', ana.id)
      .execute();
    counter.heard({ type: 'leads.changed', assessorIds: [ana.id] });
    expect((await counter.current()).get(ana.id)).toBe(0);
  });

  it('mends what no event named once the whole count is old, without the reading waiting for it', async () => {
    const { bruno } = context;
    const brunos = await listOf(bruno.id, 2);
    const counter = createLeadsLeftCounter((ids) => repository().leadsLeft(ids), 1);
    expect((await counter.current()).get(bruno.id)).toBe(2);
    await accept(brunos[0] as number);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // This reading starts the whole count again and answers the last one.
    expect((await counter.current()).get(bruno.id)).toBe(2);
    await expect.poll(async () => (await counter.current()).get(bruno.id)).toBe(1);
  });

  it('keeps a list counted alone over a whole count that began before it', async () => {
    const { ana } = context;
    const anas = await listOf(ana.id, 3);
    let releaseWhole: () => void = () => {};
    let wholeCounts = 0;
    const counter = createLeadsLeftCounter(async (ids) => {
      if (ids === undefined && ++wholeCounts === 2) {
        // The second whole count reads the lists, then is slow to come back.
        const rows = await repository().leadsLeft();
        await new Promise<void>((resolve) => {
          releaseWhole = resolve;
        });
        return rows;
      }
      return repository().leadsLeft(ids);
    }, 1);
    expect((await counter.current()).get(ana.id)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Starts the slow whole count, which reads 3.
    await counter.current();
    await expect.poll(() => wholeCounts).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await accept(anas[0] as number);
    counter.heard({ type: 'lead.attempted', assessorId: ana.id, leadId: anas[0] as number });
    expect((await counter.current()).get(ana.id)).toBe(2);
    releaseWhole();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The whole count read 3 before the call: the call's own count, newer, stands.
    expect((await counter.current()).get(ana.id)).toBe(2);
  });
});
