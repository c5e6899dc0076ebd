import type { DatabaseHandle } from './db/database.ts';
import type { EventSink, RunUnitOfWork } from './db/unit-of-work.ts';
import type { AssessorScopeOf } from './teams/index.ts';

/** What app.ts gives every feature plugin. */
export interface FeatureOptions {
  database: DatabaseHandle;
  /** The call centre's IANA zone (TIME_ZONE): the one that says what "today" is. */
  timeZone: string;
  /** The one way a service writes: transaction, audit row inside it, events after the commit. */
  unitOfWork: RunUnitOfWork;
  /** Where a change made without a unit of work (a recorded call) is announced, after it commits. */
  events: EventSink;
  /** Whose work a signed-in user may see and act on: all, its teams' assessors, or its own. */
  assessorScope: AssessorScopeOf;
}
