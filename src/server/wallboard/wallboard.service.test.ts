import { describe, expect, it } from 'vitest';
import type { WallboardRepository } from './wallboard.repository.ts';
import { createWallboardService } from './wallboard.service.ts';

/** A floor of two teams, each led by its supervisor; counts how often the floor is read. */
function fakeFloor() {
  const counter = { reads: 0 };
  const repository: WallboardRepository = {
    day: async () => {
      counter.reads++;
      return { today: '2026-03-10', start: new Date('2026-03-10T03:00:00Z') };
    },
    assessors: async () => [
      {
        id: 'a',
        name: 'Ana',
        teamId: 1,
        state: 'available',
        since: new Date(),
        pauseReasonId: null,
        pauseName: null,
        pauseLimitMinutes: null,
      },
      {
        id: 'c',
        name: 'Carla',
        teamId: 2,
        state: null,
        since: null,
        pauseReasonId: null,
        pauseName: null,
        pauseLimitMinutes: null,
      },
    ],
    callCounts: async () => [{ assessorId: 'a', calls: counter.reads, contacts: 0, accepted: 0 }],
    stateTimes: async () => [],
    leadsLeft: async () => [],
    teams: async () => [
      { id: 1, name: 'Norte', supervisorIds: ['s1'] },
      { id: 2, name: 'Sul', supervisorIds: ['s2'] },
    ],
    dayTargets: async () => [],
  };
  return { repository, counter };
}

describe('the wallboard snapshot', () => {
  it('is read once for twenty wallboards open at once, and narrowed for each caller', async () => {
    const { repository, counter } = fakeFloor();
    const service = createWallboardService({ wallboard: repository, timeZone: 'UTC' });
    const readers = Array.from({ length: 20 }, (_, index) =>
      index % 2 === 0 ? service.read('s1', ['a']) : service.read('s2', ['c']),
    );
    const boards = await Promise.all(readers);
    expect(counter.reads).toBe(1);
    expect(boards[0]?.teams.map((team) => team.name)).toEqual(['Norte']);
    expect(boards[1]?.teams.map((team) => team.name)).toEqual(['Sul']);
    expect(JSON.stringify(boards[1])).not.toContain('Ana');
    expect((await service.read('admin', 'all')).teams).toHaveLength(2);
    expect(counter.reads).toBe(1);
  });

  it('is read again after an event, no sooner than the interval, and the reading shows it', async () => {
    const { repository, counter } = fakeFloor();
    const service = createWallboardService({
      wallboard: repository,
      timeZone: 'UTC',
      refreshMs: 200,
    });
    await service.read('s1', ['a']);
    service.heard({ type: 'lead.attempted', assessorId: 'a', leadId: 1 });
    const started = performance.now();
    const board = await service.read('s1', ['a']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    expect(counter.reads).toBe(2);
    // The call counted by the second reading is what the caller sees, not the first one's.
    expect(board.teams[0]?.assessors[0]?.calls).toBe(2);
    // An event of no concern to the floor leaves the snapshot as it is.
    service.heard({ type: 'leads.imported' });
    await service.read('s1', ['a']);
    expect(counter.reads).toBe(2);
  });

  it('never shows a supervisor a team it does not lead, even one of its scope', async () => {
    const { repository } = fakeFloor();
    const service = createWallboardService({ wallboard: repository, timeZone: 'UTC' });
    const board = await service.read('s1', ['a', 'c']);
    expect(board.teams.map((team) => team.name)).toEqual(['Norte']);
  });
});
