import { type AttemptsByOutcome, conversionRate } from '../../core/dashboard.ts';
import { attemptOutcomes } from '../../core/lead-status.ts';
import { acceptedOutcomeKey, answeredOutcomeKeys } from '../../core/outcomes.ts';
import {
  addDays,
  daysBetween,
  type PerformanceFigures,
  type PerformanceQuery,
  type PerformanceReport,
  type PerformanceRow,
  presetDays,
} from '../../core/reports.ts';
import { dayIn } from '../../core/wall-time.ts';
import type { AssessorScope } from '../teams/index.ts';
import type {
  OutcomeCountRow,
  ReportAssessor,
  ReportPeriod,
  ReportsRepository,
  StateSecondsRow,
} from './reports.repository.ts';

/** What a row's figures are summed from, before the rates are worked out. */
interface Tally {
  outcomes: AttemptsByOutcome;
  signedInSeconds: number;
  pauses: Map<number, { reason: string; seconds: number }>;
  onCallSpans: number;
  onCallSeconds: number;
}

function emptyTally(): Tally {
  return {
    outcomes: Object.fromEntries(attemptOutcomes.map((key) => [key, 0])) as AttemptsByOutcome,
    signedInSeconds: 0,
    pauses: new Map(),
    onCallSpans: 0,
    onCallSeconds: 0,
  };
}

function addCalls(tally: Tally, row: OutcomeCountRow) {
  tally.outcomes[row.outcome] += row.calls;
}

function addState(tally: Tally, row: StateSecondsRow) {
  tally.signedInSeconds += row.seconds;
  if (row.state === 'on_call') {
    tally.onCallSpans += row.startedSpans;
    tally.onCallSeconds += row.startedSeconds;
  }
  if (row.state === 'paused' && row.pauseReasonId !== null) {
    const pause = tally.pauses.get(row.pauseReasonId) ?? {
      reason: row.pauseReason ?? '',
      seconds: 0,
    };
    pause.seconds += row.seconds;
    tally.pauses.set(row.pauseReasonId, pause);
  }
}

function merge(into: Tally, from: Tally) {
  for (const key of attemptOutcomes) into.outcomes[key] += from.outcomes[key];
  into.signedInSeconds += from.signedInSeconds;
  into.onCallSpans += from.onCallSpans;
  into.onCallSeconds += from.onCallSeconds;
  for (const [id, pause] of from.pauses) {
    const kept = into.pauses.get(id) ?? { reason: pause.reason, seconds: 0 };
    kept.seconds += pause.seconds;
    into.pauses.set(id, kept);
  }
}

/** The figures of decision 041 from a tally. */
export function figuresOf(tally: Tally): PerformanceFigures {
  const calls = attemptOutcomes.reduce((sum, key) => sum + tally.outcomes[key], 0);
  const contacts = answeredOutcomeKeys.reduce((sum, key) => sum + tally.outcomes[key], 0);
  const accepted = tally.outcomes[acceptedOutcomeKey];
  const pauseSecondsByReason = [...tally.pauses]
    .map(([reasonId, pause]) => ({ reasonId, reason: pause.reason, seconds: pause.seconds }))
    .filter((pause) => pause.seconds > 0)
    .sort((a, b) => a.reason.localeCompare(b.reason, 'pt-BR'));
  const pauseSeconds = pauseSecondsByReason.reduce((sum, pause) => sum + pause.seconds, 0);
  const workedSeconds = tally.signedInSeconds - pauseSeconds;
  return {
    calls,
    contacts,
    accepted,
    conversion: conversionRate(accepted, contacts),
    signedInSeconds: tally.signedInSeconds,
    pauseSeconds,
    pauseSecondsByReason,
    averageHandlingSeconds: tally.onCallSpans > 0 ? tally.onCallSeconds / tally.onCallSpans : null,
    callsPerHourWorked: workedSeconds > 0 ? calls / (workedSeconds / 3600) : null,
    outcomes: { ...tally.outcomes },
  };
}

const hasFigures = (tally: Tally) =>
  tally.signedInSeconds > 0 || attemptOutcomes.some((key) => tally.outcomes[key] !== 0);

export interface ReportsServiceDeps {
  reports: ReportsRepository;
  timeZone: string;
  now?: () => number;
}

export function createReportsService({ reports, timeZone, now = Date.now }: ReportsServiceDeps) {
  return {
    /** The performance report of the period asked, by assessor or team, within the scope. */
    async performance(query: PerformanceQuery, scope: AssessorScope): Promise<PerformanceReport> {
      const at = new Date(now());
      const today = dayIn(at, timeZone);
      const { from, to } = query.period
        ? presetDays(query.period, today)
        : { from: query.from ?? today, to: query.to ?? today };
      const length = daysBetween(from, to);
      const previousFrom = addDays(from, -length);
      const previousTo = addDays(from, -1);
      const bounds = await reports.bounds(previousFrom, from, to, timeZone);
      const [assessors, counts, states, hours] = await Promise.all([
        reports.assessors(scope),
        reports.outcomeCounts(previousFrom, from, to, scope),
        reports.stateSeconds(bounds, at, scope),
        reports.callsByHour(bounds, scope),
      ]);

      const tallies = new Map<string, Record<ReportPeriod, Tally>>();
      const tallyOf = (id: string, period: ReportPeriod) => {
        let pair = tallies.get(id);
        if (!pair) {
          pair = { current: emptyTally(), previous: emptyTally() };
          tallies.set(id, pair);
        }
        return pair[period];
      };
      for (const row of counts) addCalls(tallyOf(row.assessorId, row.period), row);
      for (const row of states) addState(tallyOf(row.userId, row.period), row);

      const shown = assessors.filter((assessor) => {
        const pair = tallies.get(assessor.id);
        return assessor.active || (pair && (hasFigures(pair.current) || hasFigures(pair.previous)));
      });
      const groups = query.by === 'team' ? byTeam(shown) : byAssessor(shown);
      const totals = { current: emptyTally(), previous: emptyTally() };
      const rows: PerformanceRow[] = groups.map((group) => {
        const current = emptyTally();
        const previous = emptyTally();
        for (const id of group.members) {
          const pair = tallies.get(id);
          if (!pair) continue;
          merge(current, pair.current);
          merge(previous, pair.previous);
        }
        merge(totals.current, current);
        merge(totals.previous, previous);
        return {
          id: group.id,
          name: group.name,
          teamName: group.teamName,
          ...figuresOf(current),
          previous: figuresOf(previous),
        };
      });

      const callsByHour = Array.from({ length: 24 }, (_, hour) => ({
        hour,
        calls: hours.find((row) => row.hour === hour)?.calls ?? 0,
      }));
      return {
        by: query.by,
        timeZone,
        today,
        preset: query.period ?? null,
        period: { from, to },
        previousPeriod: { from: previousFrom, to: previousTo },
        rows,
        totals: figuresOf(totals.current),
        previousTotals: figuresOf(totals.previous),
        callsByHour,
        generatedAt: at.toISOString(),
      };
    },
  };
}

interface Group {
  id: string | null;
  name: string;
  teamName: string | null;
  members: string[];
}

function byAssessor(assessors: ReportAssessor[]): Group[] {
  return assessors.map((assessor) => ({
    id: assessor.id,
    name: assessor.name,
    teamName: assessor.teamName,
    members: [assessor.id],
  }));
}

/** One row per team, by name; the assessors in no team last, as "Sem equipe". */
function byTeam(assessors: ReportAssessor[]): Group[] {
  const teams = new Map<number | null, Group>();
  for (const assessor of assessors) {
    const name = assessor.teamName ?? 'Sem equipe';
    const group = teams.get(assessor.teamId) ?? {
      id: assessor.teamId === null ? null : String(assessor.teamId),
      name,
      teamName: assessor.teamName,
      members: [],
    };
    group.members.push(assessor.id);
    teams.set(assessor.teamId, group);
  }
  return [...teams.values()].sort((a, b) =>
    a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name, 'pt-BR'),
  );
}

export type ReportsService = ReturnType<typeof createReportsService>;
