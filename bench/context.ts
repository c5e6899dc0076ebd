import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../src/server/db/database.ts';

export interface BenchContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The connection string of `database`, for servers started by a benchmark. */
  databaseUrl: string;
  adminCookie: string;
  leadCount: number;
  /** Call records the dashboard benchmark adds (`--calls`). */
  callCount: number;
  assessorIds: string[];
  /** A scratch folder for generated files. */
  workDir: string;
  /** A new, migrated database with the first admin, for benchmarks that need empty tables. */
  createEmptyDatabase(): Promise<string>;
  /** A new database made as a copy of the one at `templateUrl`, which no one may be using. */
  copyDatabase(templateUrl: string): Promise<string>;
  dropDatabase(url: string): Promise<void>;
}
