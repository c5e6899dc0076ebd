import { addDays, type Uf } from '../src/core/brazil-calendar.ts';
import type { CallingCalendar } from '../src/core/calling-windows.ts';
import type { ContactRules } from '../src/core/contact-rules.ts';
import { ufSchema } from '../src/core/lead-fields.ts';
import { recycleHistoryReason } from '../src/core/recycling.ts';
import { type CallingLead, type DemoCallLog, demoCaller } from './demo-calls.ts';
import { callingClock, centreInstant, centreTime, isWorkingDay } from './demo-clock.ts';
import { applyTransition, type DemoLeadState, newLeadState } from './demo-lead-state.ts';
import type { DemoPerson } from './demo-people.ts';
import type { DemoRandom } from './demo-random.ts';

export interface DemoBatch {
  fileName: string;
  source: string;
  createdAt: Date;
  startedAt: Date;
  finishedAt: Date;
  /** Its leads are the people from `first` on, `count` of them. */
  first: number;
  count: number;
}

export interface DemoDistribution {
  at: Date;
  each: number;
  shares: { assessor: number; requested: number; assigned: number }[];
}

export interface DemoPlan extends DemoCallLog {
  batches: DemoBatch[];
  leads: (DemoLeadState & { createdAt: Date; batch: number })[];
  distributions: DemoDistribution[];
  recycles: { at: Date; recycled: number }[];
}

const sources = [
  'Feirão de novembro',
  'Site: simulação de crédito',
  'Indicações de clientes',
  'Campanha Dia das Mães',
  'Lista da parceira Alfa',
  'Evento Expo Casa',
];

/**
 * Thirty days of a call centre, the last one today up to `now`: lists imported on different
 * mornings, a distribution each working morning, the assessors' calls inside each lead's
 * calling hours (src/core/calling-windows.ts), retries and call-backs as the contact rules
 * plan them, and one recycling of the refusals a week ago. Every lead's state is the one the
 * app's transitions leave (src/core/lead-transitions.ts).
 */
export function planDemo(input: {
  people: DemoPerson[];
  assessors: number;
  now: Date;
  days?: number;
  random: DemoRandom;
  calendar: CallingCalendar;
  rules: ContactRules;
}): DemoPlan {
  const { people, assessors, now, random } = input;
  const today = centreTime(now).day;
  const workingDays: string[] = [];
  for (let back = (input.days ?? 30) - 1; back >= 0; back--) {
    const day = addDays(today, -back);
    if (isWorkingDay(day)) workingDays.push(day);
  }
  const clock = callingClock(input.calendar);
  const plan: DemoPlan = {
    batches: [],
    leads: [],
    distributions: [],
    recycles: [],
    attempts: [],
    history: [],
    blocked: [],
  };

  // The lists arrive before the morning's distribution, the first one on the first day.
  const arrived = workingDays.filter((day) => centreInstant(day, 7 * 60 + 30) < now);
  const lists = Math.min(sources.length, arrived.length);
  const importDays = [
    ...new Set(
      Array.from(
        { length: lists },
        (_, position) =>
          arrived[Math.round((position * (arrived.length - 1)) / Math.max(1, lists - 1))] as string,
      ),
    ),
  ];
  let first = 0;
  importDays.forEach((day, position) => {
    const remaining = importDays.length - position;
    const count =
      remaining === 1
        ? people.length - first
        : Math.floor((people.length - first) * (position === 0 ? 0.35 : 1 / remaining));
    const createdAt = new Date(centreInstant(day, 7 * 60 + 30).getTime() + random.int(0, 900_000));
    const startedAt = new Date(createdAt.getTime() + random.int(1_000, 4_000));
    const finishedAt = new Date(startedAt.getTime() + 1_000 + Math.ceil(count / 20));
    plan.batches.push({
      fileName: `demo-leads-${day}.csv`,
      source: sources[position] as string,
      createdAt,
      startedAt,
      finishedAt,
      first,
      count,
    });
    for (let index = 0; index < count; index++) {
      const createdOn = new Date(startedAt.getTime() + Math.floor((index / count) * 1_000));
      plan.leads.push({ ...newLeadState(createdOn), createdAt: createdOn, batch: position });
    }
    first += count;
  });

  const distributionDays = workingDays.filter((day) => day >= (importDays[0] ?? today));
  // Within an assessor's default daily quota (100), as the distribution page fills it in.
  const each = Math.min(
    100,
    Math.max(3, Math.round((people.length * 0.3) / (distributionDays.length * assessors))),
  );
  const callLead = demoCaller({ random, clock, rules: input.rules, now, log: plan });
  let next = 0;
  for (const day of distributionDays) {
    const at = new Date(centreInstant(day, 8 * 60).getTime() + random.int(0, 20 * 60_000));
    if (at > now) break;
    const shares = Array.from({ length: assessors }, (_, assessor) => ({
      assessor,
      requested: each,
      assigned: 0,
    }));
    const position = plan.distributions.length;
    for (let turn = 0; turn < each * assessors; turn++) {
      const lead = plan.leads[next];
      if (!lead || lead.createdAt >= at) break;
      const share = shares[turn % assessors] as (typeof shares)[number];
      share.assigned += 1;
      const change = applyTransition(lead, 'distribute', { at, assessor: share.assessor });
      plan.history.push({ ...change, lead: next, by: 'admin', reason: { distribution: position } });
      next += 1;
    }
    plan.distributions.push({ at, each, shares });
    // Each lead's calls, from its hand-over to now.
    for (let index = next - shares.reduce((sum, s) => sum + s.assigned, 0); index < next; index++) {
      const lead = plan.leads[index] as DemoPlan['leads'][number];
      const person = people[index] as DemoPerson;
      const calling: CallingLead = {
        index,
        phone: person.phone,
        place: { uf: ufSchema.parse(person.uf) as Uf, city: person.city },
        state: lead,
      };
      callLead(calling, lead.owner as number, at);
    }
  }

  // An administrator recycles the refusals a week ago, late in the afternoon.
  const recycleDay = workingDays[workingDays.length - 6];
  const recycleAt = recycleDay ? centreInstant(recycleDay, 17 * 60 + 30) : null;
  if (recycleAt && plan.distributions[0] && plan.distributions[0].at < recycleAt) {
    let recycled = 0;
    plan.leads.forEach((lead, index) => {
      if (lead.status !== 'red' || lead.statusChangedAt > recycleAt) return;
      const fromOwner = lead.owner ?? lead.lastOwner;
      const change = applyTransition(lead, 'recycle', { at: recycleAt });
      plan.history.push({
        ...change,
        fromOwner,
        lead: index,
        by: 'admin',
        reason: recycleHistoryReason,
      });
      recycled += 1;
    });
    plan.recycles.push({ at: recycleAt, recycled });
  }
  plan.attempts.sort((left, right) => left.at.getTime() - right.at.getTime());
  plan.history.sort((left, right) => left.at.getTime() - right.at.getTime());
  return plan;
}
