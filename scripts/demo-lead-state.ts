import type { NextCallReason } from '../src/core/contact-rules.ts';
import type { AttemptOutcome, LeadStatus } from '../src/core/lead-status.ts';
import {
  type LeadAction,
  leadTransitions,
  outcomeClosesLead,
} from '../src/core/lead-transitions.ts';

/** A demo lead as the app would hold it; owners are the demo assessors' positions. */
export interface DemoLeadState {
  status: LeadStatus;
  owner: number | null;
  lastOwner: number | null;
  assignedAt: Date | null;
  callbackAt: Date | null;
  /** null: whenever ('-infinity'). */
  nextCallAt: Date | null;
  nextCallReason: NextCallReason | null;
  statusChangedAt: Date;
  updatedAt: Date;
  attempts: number;
  recycles: number;
  lastNote: string | null;
}

/** Who made a change: an assessor (by position) or the administrator. */
export type DemoActor = number | 'admin';

export interface DemoHistoryRow {
  lead: number;
  by: DemoActor;
  at: Date;
  fromStatus: LeadStatus;
  toStatus: LeadStatus;
  fromOwner: number | null;
  toOwner: number | null;
  /** The reason, or the position of the distribution whose number names it. */
  reason: string | { distribution: number };
}

const capReasons: readonly (NextCallReason | null)[] = ['daily_cap', 'weekly_cap'];

export function newLeadState(createdAt: Date): DemoLeadState {
  return {
    status: 'new',
    owner: null,
    lastOwner: null,
    assignedAt: null,
    callbackAt: null,
    nextCallAt: null,
    nextCallReason: null,
    statusChangedAt: createdAt,
    updatedAt: createdAt,
    attempts: 0,
    recycles: 0,
    lastNote: null,
  };
}

export interface DemoChange {
  at: Date;
  outcome?: AttemptOutcome;
  assessor?: number;
  callbackAt?: Date | null;
  nextCall?: { at: Date | null; reason: NextCallReason | null };
  note?: string | null;
}

/**
 * Applies `action` to `lead` as the transition table says the server does
 * (src/server/lead-transitions), and returns the lead's history row.
 */
export function applyTransition(
  lead: DemoLeadState,
  action: LeadAction,
  change: DemoChange,
): Omit<DemoHistoryRow, 'lead' | 'by' | 'reason'> {
  const transition = leadTransitions[action];
  const before = { status: lead.status, owner: lead.owner };
  let status: LeadStatus;
  if (transition.to === 'outcome') {
    if (!change.outcome) throw new Error(`${action} needs the outcome`);
    status = change.outcome;
  } else if (transition.to === 'kept') {
    status = lead.status;
  } else if (transition.to === 'previous' || transition.to === 'deleted') {
    throw new Error(`the demo does not apply ${action}`);
  } else {
    status = transition.to;
  }
  const clearOwner = () => {
    lead.lastOwner = lead.owner ?? lead.lastOwner;
    lead.owner = null;
  };
  if (transition.owner === 'assessor') {
    if (change.assessor === undefined) throw new Error(`${action} needs the assessor`);
    lead.lastOwner = lead.owner ?? lead.lastOwner;
    lead.owner = change.assessor;
  } else if (transition.owner === 'cleared') {
    clearOwner();
  } else if (transition.owner === 'clearedWhenClosed') {
    if (change.outcome && outcomeClosesLead(change.outcome)) clearOwner();
  }
  if (transition.assignedAt === 'now') lead.assignedAt = change.at;
  if (transition.assignedAt === 'cleared') lead.assignedAt = null;
  if (transition.callbackAt === 'given') lead.callbackAt = change.callbackAt ?? null;
  if (transition.callbackAt === 'cleared') lead.callbackAt = null;
  if (transition.nextCall === 'planned') {
    lead.nextCallAt = change.nextCall?.at ?? null;
    lead.nextCallReason = change.nextCall?.reason ?? null;
  } else if (transition.nextCall === 'capsKept' && !capReasons.includes(lead.nextCallReason)) {
    lead.nextCallAt = null;
    lead.nextCallReason = null;
  }
  if (transition.counts === 'attempts') lead.attempts += 1;
  if (transition.counts === 'recycles') lead.recycles += 1;
  if (change.note) lead.lastNote = change.note;
  if (transition.statusChangedAt === 'always' || lead.status !== status) {
    lead.statusChangedAt = change.at;
  }
  lead.status = status;
  lead.updatedAt = change.at;
  return {
    at: change.at,
    fromStatus: before.status,
    toStatus: status,
    fromOwner: before.owner,
    toOwner: lead.owner,
  };
}
