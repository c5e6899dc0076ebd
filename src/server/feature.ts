import type { DatabaseHandle } from './db/database.ts';

/** What app.ts gives every feature plugin. */
export interface FeatureOptions {
  database: DatabaseHandle;
  /** The call centre's IANA zone (TIME_ZONE): the one that says what "today" is. */
  timeZone: string;
}
