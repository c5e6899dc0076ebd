/** The statements and events of a lead's change of status, for the features that make one. */
export {
  blockLeadsWithPhones,
  deleteLeads,
  mergeHistory,
  soleStartingStatus,
  transitionSteps,
} from './lead-change.sql.ts';
export { startsFrom, type TransitionValues } from './lead-transition.sql.ts';
export { type TransitionEvent, transitionEvent } from './lead-transition-event.ts';
