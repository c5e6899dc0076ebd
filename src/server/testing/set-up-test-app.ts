import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './test-app.ts';

/** What every test file's set-up answers: the app on its own database and the signed-in admin. */
export interface TestAppContext {
  t: TestApp;
  admin: TestUser;
  adminCookie: string;
  adminId: string;
}

/** Something that runs beside the app and is stopped before it closes (an import worker). */
interface Stoppable {
  stop(): Promise<void>;
}

export interface TestAppSetUp<Name extends string, Worker extends Stoppable | undefined> {
  /** The options of the app (its environment, its clock). */
  app?: Parameters<typeof createTestApp>[0];
  /** The assessors to sign in, by the context key that holds them and their name. */
  assessors?: Record<Name, string>;
  /** Started once the app is up, stopped before it closes. */
  worker?: (t: TestApp) => Worker;
}

/**
 * Starts the app for the calling test file (each file has a database of its own), signs the
 * admin and the assessors in, and answers the context, filled in before the first test.
 */
export function setUpTestApp<
  Name extends string = never,
  Worker extends Stoppable | undefined = undefined,
>(
  setUp: TestAppSetUp<Name, Worker> = {},
): TestAppContext & Record<Name, TestUser> & { worker: Worker } {
  const context = {} as TestAppContext & Record<Name, TestUser> & { worker: Worker };
  beforeAll(async () => {
    context.t = await createTestApp(setUp.app);
    if (setUp.worker) context.worker = setUp.worker(context.t);
    context.admin = await context.t.signInAdmin();
    context.adminCookie = context.admin.cookie;
    context.adminId = context.admin.id;
    const assessors = Object.entries(setUp.assessors ?? {}) as [Name, string][];
    for (const [key, name] of assessors) {
      (context as Record<Name, TestUser>)[key] = await context.t.createSignedInUser(
        'assessor',
        name,
      );
    }
  });
  afterAll(async () => {
    await context.worker?.stop();
    await context.t?.close();
  });
  return context;
}
