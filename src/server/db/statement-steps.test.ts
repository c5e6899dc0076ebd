import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { callWebhookDeliveries, erasureWebhookSteps } from '../webhooks/index.ts';
import { stepName } from './statement-steps.ts';

// Compiling needs a dialect, not a connection: the pool is never asked for one.
const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: {} as never }) });

describe('a shared SQL fragment reads the steps its caller names', () => {
  it("joins the calling statement's steps by the names it is given", () => {
    const text = callWebhookDeliveries({ attempt: 'call_row', changed: 'lead_after' }).compile(
      db,
    ).sql;
    expect(text).toContain('join call_row a on');
    expect(text).toContain('left join lead_after c on');
    expect(text).not.toMatch(/join (attempt|changed) /);
    expect(erasureWebhookSteps({ locked: 'erased' }).compile(db).sql).not.toContain('locked');
  });

  it('refuses a name that is not a plain SQL name, since it is written into the SQL as it is', () => {
    expect(stepName('locked')).toBe('locked');
    expect(() => stepName('locked) or (true')).toThrow();
    expect(() => erasureWebhookSteps({ locked: 'Locked' })).toThrow();
  });
});
