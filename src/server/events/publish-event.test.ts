import { describe, expect, it } from 'vitest';
import { splitToFit } from './publish-event.ts';

describe('splitToFit', () => {
  it('keeps a small event whole', () => {
    const event = { type: 'leads.distributed' as const, assessorIds: ['a', 'b'] };
    expect(splitToFit(event)).toEqual([event]);
  });

  it('splits an event naming 500 assessors into payloads PostgreSQL accepts, losing none', () => {
    const assessorIds = Array.from(
      { length: 500 },
      (_, index) => `${index}-${crypto.randomUUID()}`,
    );
    const parts = splitToFit({ type: 'leads.distributed', assessorIds });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThan(7000);
    expect(parts.flatMap((part) => ('assessorIds' in part ? part.assessorIds : []))).toEqual(
      assessorIds,
    );
  });
});
