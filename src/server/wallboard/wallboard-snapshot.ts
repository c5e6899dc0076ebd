import { conversionRate } from '../../core/dashboard.ts';
import {
  noTeamName,
  type Wallboard,
  type WallboardAssessor,
  type WallboardFigures,
  type WallboardTargets,
} from '../../core/wallboard.ts';
import type {
  AssessorStateRow,
  CallCountRow,
  StateTimeRow,
  TargetRow,
} from './wallboard.repository.ts';

export interface SnapshotRows {
  generatedAt: Date;
  today: string;
  assessors: AssessorStateRow[];
  callCounts: CallCountRow[];
  stateTimes: StateTimeRow[];
  /** Leads left in each assessor's list, by its id. */
  leadsLeft: ReadonlyMap<string, number>;
  teams: { id: number; name: string; supervisorIds: string[] }[];
  targets: TargetRow[];
}

/** The whole floor's wallboard, with who leads each team, before a caller's scope narrows it. */
export interface WallboardSnapshot extends Wallboard {
  supervisorsByTeam: ReadonlyMap<number, readonly string[]>;
}

interface Sums {
  calls: number;
  contacts: number;
  accepted: number;
  workedSeconds: number;
  onCallSeconds: number;
  onCalls: number;
  leadsLeft: number;
}

const zeroSums = (): Sums => ({
  calls: 0,
  contacts: 0,
  accepted: 0,
  workedSeconds: 0,
  onCallSeconds: 0,
  onCalls: 0,
  leadsLeft: 0,
});

function figuresOf(sums: Sums): WallboardFigures {
  return {
    calls: sums.calls,
    contacts: sums.contacts,
    accepted: sums.accepted,
    conversionRate: conversionRate(sums.accepted, sums.contacts),
    averageHandlingSeconds: sums.onCalls > 0 ? sums.onCallSeconds / sums.onCalls : null,
    callsPerHour: sums.workedSeconds > 0 ? sums.calls / (sums.workedSeconds / 3600) : null,
    leadsLeft: sums.leadsLeft,
  };
}

function add(total: Sums, sums: Sums) {
  for (const key of Object.keys(total) as (keyof Sums)[]) total[key] += sums[key];
}

/** Puts the rows read together: each assessor's figures, and each team's totals and targets. */
export function buildSnapshot(rows: SnapshotRows): WallboardSnapshot {
  const counts = new Map(rows.callCounts.map((row) => [row.assessorId, row]));
  const times = new Map(rows.stateTimes.map((row) => [row.userId, row]));
  const assessorTargets = new Map<string, WallboardTargets>();
  const teamTargets = new Map<number, WallboardTargets>();
  for (const target of rows.targets) {
    const holder =
      target.assessorId !== null
        ? assessorTargets
        : (teamTargets as Map<number | string, WallboardTargets>);
    const key = target.assessorId ?? target.teamId;
    if (key === null) continue;
    const targets = holder.get(key) ?? { accepted: null, calls: null };
    targets[target.metric] = target.value;
    holder.set(key, targets);
  }

  const sections = new Map<number | null, { assessors: WallboardAssessor[]; sums: Sums }>();
  for (const team of rows.teams) sections.set(team.id, { assessors: [], sums: zeroSums() });
  for (const row of rows.assessors) {
    const count = counts.get(row.id);
    const time = times.get(row.id);
    const sums: Sums = {
      calls: count?.calls ?? 0,
      contacts: count?.contacts ?? 0,
      accepted: count?.accepted ?? 0,
      workedSeconds: time?.workedSeconds ?? 0,
      onCallSeconds: time?.onCallSeconds ?? 0,
      onCalls: time?.onCalls ?? 0,
      leadsLeft: rows.leadsLeft.get(row.id) ?? 0,
    };
    const sectionKey = row.teamId !== null && sections.has(row.teamId) ? row.teamId : null;
    let section = sections.get(sectionKey);
    if (!section) {
      section = { assessors: [], sums: zeroSums() };
      sections.set(sectionKey, section);
    }
    add(section.sums, sums);
    section.assessors.push({
      id: row.id,
      name: row.name,
      state: row.state ?? 'disconnected',
      since: row.since?.toISOString() ?? null,
      pauseReason:
        row.pauseReasonId !== null && row.pauseName !== null
          ? { id: row.pauseReasonId, name: row.pauseName, limitMinutes: row.pauseLimitMinutes }
          : null,
      targets: assessorTargets.get(row.id) ?? { accepted: null, calls: null },
      ...figuresOf(sums),
    });
  }

  const teams: Wallboard['teams'] = rows.teams.map((team) => {
    const section = sections.get(team.id) ?? { assessors: [], sums: zeroSums() };
    return {
      id: team.id,
      name: team.name,
      totals: figuresOf(section.sums),
      targets: teamTargets.get(team.id) ?? { accepted: null, calls: null },
      assessors: section.assessors,
    };
  });
  const withoutTeam = sections.get(null);
  if (withoutTeam) {
    teams.push({
      id: null,
      name: noTeamName,
      totals: figuresOf(withoutTeam.sums),
      targets: { accepted: null, calls: null },
      assessors: withoutTeam.assessors,
    });
  }
  return {
    generatedAt: rows.generatedAt.toISOString(),
    today: rows.today,
    teams,
    supervisorsByTeam: new Map(rows.teams.map((team) => [team.id, team.supervisorIds])),
  };
}
