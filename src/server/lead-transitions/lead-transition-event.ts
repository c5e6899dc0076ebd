import type { AppEvent } from '../../core/events.ts';
import {
  type LeadAction,
  type LeadTransitionTable,
  leadTransitions,
} from '../../core/lead-transitions.ts';

/** The event `action` announces, of the type its row of the table names. */
export type TransitionEvent<A extends LeadAction> = Extract<
  AppEvent,
  { type: LeadTransitionTable[A]['event'] }
>;

/**
 * The event open pages hear once `action` has committed: its type is the table's, what it
 * says (whose lists changed, which lead) comes from the change. Services publish this, never
 * an event typed by hand, so a row's `event` is what the pages hear.
 */
export function transitionEvent<A extends LeadAction>(
  action: A,
  facts: Omit<TransitionEvent<A>, 'type'>,
): TransitionEvent<A> {
  return { ...facts, type: leadTransitions[action].event } as TransitionEvent<A>;
}
