import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { systemAuditTrail } from './audit/index.ts';
import { backgroundJobs, type RunningJobs, startBackgroundJobs } from './background-jobs.ts';
import { backupAgeSeconds } from './backups/index.ts';
import { loadOrCreateAuthSecret } from './config/app-settings.repository.ts';
import { InvalidEnvError, readEnv } from './config/env.ts';
import { openingMessages } from './config/opening-addresses.ts';
import {
  createDatabase,
  type DatabaseHandle,
  migrateToLatest,
  poolTimeoutsMissing,
} from './db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { withReplica } from './db/replica.ts';
import { createEventPublisher } from './events/index.ts';
import { createDraining } from './http/draining.ts';
import { createMailer } from './mail/mailer.ts';
import { createUserRepository, ensureFirstAdmin, type FirstAdminSettings } from './users/index.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');

async function main() {
  const startedAt = Date.now();
  const env = readEnv();
  const log = (message: string) => console.log(`[cca] ${message}`);

  let embedded: EmbeddedDatabase | undefined;
  let databaseRestarts = 0;
  let database: DatabaseHandle | undefined;
  let connectionString = env.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres(env.dataDir, log, {
      onRestart: (reason) => {
        databaseRestarts += 1;
        if (!database) return;
        systemAuditTrail(database.db)({ action: 'database.restarted', details: { reason } }).catch(
          (error: unknown) => log(`reinício do banco não registrado: ${String(error)}`),
        );
      },
    });
    connectionString = embedded.connectionString;
  }
  database = createDatabase({
    connectionString,
    // Behind PgBouncer, what needs a session of its own goes to the server itself.
    ...(env.databaseDirectUrl ? { directConnectionString: env.databaseDirectUrl } : {}),
    poolSize: env.databasePoolSize,
    statementTimeoutMs: env.databaseStatementTimeoutMs,
    onPoolError: (error) => log(`conexão com o banco perdida: ${error.message}`),
  });
  if (env.databaseReplica) {
    // Reports read from the replica while it is in step; writes stay on the primary.
    database = withReplica(database, {
      connectionString: env.databaseReplica.url,
      maxLagSeconds: env.databaseReplica.maxLagSeconds,
      poolSize: env.databasePoolSize,
      statementTimeoutMs: env.databaseStatementTimeoutMs,
      log,
    });
  }

  // The one path of every event, shared by the routes and the jobs: closed after both.
  const events = createEventPublisher(database.db, {
    onError: (error) => log(`aviso de mudança não enviado às páginas abertas: ${String(error)}`),
  });
  const stop = async (exitCode: number) => {
    // Each job waits for its own work under way (an import ends its session at once).
    await jobs?.stop();
    await app?.close().catch(() => {});
    await events.close();
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(exitCode);
  };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: RunningJobs | undefined;
  let stopping = false;
  // Behind a balancer, the health check fails first and requests are still served for
  // SHUTDOWN_DRAIN_SECONDS, until the balancer has moved them to the other servers.
  const draining = createDraining();
  const drain = async () => {
    if (!app || env.shutdownDrainSeconds === 0) return;
    draining.start();
    log(`Saindo do balanceador: ${env.shutdownDrainSeconds} s até parar.`);
    await new Promise((resolve) => setTimeout(resolve, env.shutdownDrainSeconds * 1000));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log(`${signal} recebido, encerrando…`);
      void drain().then(() => stop(0));
    });
  }

  try {
    await migrateToLatest(database);
    if (env.databaseDirectUrl) {
      for (const name of await poolTimeoutsMissing(database.db)) {
        log(
          `atenção: o PgBouncer não define ${name} nas conexões (connect_query); veja docs/operations.md`,
        );
      }
    }
    const authSecret = env.authSecret ?? (await loadOrCreateAuthSecret(database.db));
    const mailer = createMailer({
      smtpUrl: env.smtpUrl,
      from: env.mailFrom,
      outboxDir: path.join(env.dataDir, 'outbox'),
      log,
    });
    await createFirstAdmin(database, env.admin, log);
    app = await buildApp({
      env,
      database,
      mailer,
      authSecret,
      events,
      // In development Vite serves the pages; here only the production build is served.
      webRoot:
        env.nodeEnv !== 'development' && existsSync(path.join(webRoot, 'index.html'))
          ? webRoot
          : undefined,
      logger: { level: env.logLevel },
      draining,
      metrics: {
        databaseRestarts: () => databaseRestarts,
        backupAgeSeconds: () => backupAgeSeconds(env.backups.dir),
      },
    });
    await app.listen({ port: env.port, host: env.host });
    jobs = await startBackgroundJobs(backgroundJobs({ database, events, env, log }), {
      onError: (name, error) => log(`tarefa ${name} não parou bem: ${String(error)}`),
    });
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    log(`CCA pronto em ${env.appUrl} (${seconds} s)${embedded ? `, dados em ${env.dataDir}` : ''}`);
    for (const line of openingMessages(env)) {
      log(line);
    }
  } catch (error) {
    console.error(error);
    await stop(1);
  }
}

async function createFirstAdmin(
  database: ReturnType<typeof createDatabase>,
  settings: FirstAdminSettings,
  log: (message: string) => void,
) {
  const created = await ensureFirstAdmin(createUserRepository(database.db), settings);
  if (!created) return;
  if (created.generatedPassword) {
    log(
      [
        'Primeiro administrador criado. Anote a senha: ela não será mostrada de novo.',
        `  e-mail: ${created.email}`,
        `  senha:  ${created.generatedPassword}`,
      ].join('\n'),
    );
  } else {
    log(`Primeiro administrador criado: ${created.email}`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
