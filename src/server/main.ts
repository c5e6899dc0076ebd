import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { auditRecorder } from './audit/index.ts';
import { loadOrCreateAuthSecret } from './config/app-settings.repository.ts';
import { InvalidEnvError, readEnv } from './config/env.ts';
import { openingMessages } from './config/opening-addresses.ts';
import { createDatabase, type DatabaseHandle, migrateToLatest } from './db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { type ImportWorker, startImportWorker } from './imports/index.ts';
import { type IdempotencyKeyPurge, startIdempotencyKeyPurge } from './lead-injection/index.ts';
import { type LeadRetentionJob, startLeadRetention } from './leads/lead-retention.ts';
import { createMailer } from './mail/mailer.ts';
import { ensureFirstAdmin, type FirstAdminSettings } from './users/first-admin.ts';
import { createUserRepository } from './users/user.repository.ts';
import { startWebhookWorker, type WebhookWorker } from './webhooks/index.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');

async function main() {
  const startedAt = Date.now();
  const env = readEnv();
  const log = (message: string) => console.log(`[cca] ${message}`);

  let embedded: EmbeddedDatabase | undefined;
  let database: DatabaseHandle | undefined;
  let connectionString = env.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres(env.dataDir, log, {
      onRestart: (reason) => {
        if (!database) return;
        auditRecorder
          .record(database.db, {
            actorId: null,
            actorEmail: null,
            ip: null,
            userAgent: null,
            action: 'database.restarted',
            details: { reason },
          })
          .catch((error: unknown) => log(`reinício do banco não registrado: ${String(error)}`));
      },
    });
    connectionString = embedded.connectionString;
  }
  database = createDatabase({
    connectionString,
    poolSize: env.databasePoolSize,
    statementTimeoutMs: env.databaseStatementTimeoutMs,
    onPoolError: (error) => log(`conexão com o banco perdida: ${error.message}`),
  });

  const stop = async (exitCode: number) => {
    // Side by side: each waits for its own work under way (an import ends its session at once).
    await Promise.all(
      [importWorker, webhookWorker, leadRetention, idempotencyKeyPurge].map((job) =>
        job?.stop().catch(() => {}),
      ),
    );
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(exitCode);
  };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let importWorker: ImportWorker | undefined;
  let webhookWorker: WebhookWorker | undefined;
  let leadRetention: LeadRetentionJob | undefined;
  let idempotencyKeyPurge: IdempotencyKeyPurge | undefined;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log(`${signal} recebido, encerrando…`);
      void stop(0);
    });
  }

  try {
    await migrateToLatest(database.db);
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
      // In development Vite serves the pages; here only the production build is served.
      webRoot:
        env.nodeEnv !== 'development' && existsSync(path.join(webRoot, 'index.html'))
          ? webRoot
          : undefined,
      logger: { level: env.logLevel },
    });
    await app.listen({ port: env.port, host: env.host });
    importWorker = startImportWorker({ database, dataDir: env.dataDir, log });
    webhookWorker = startWebhookWorker({ database, log });
    leadRetention = startLeadRetention({
      database,
      months: env.leadRetentionMonths,
      timeZone: env.timeZone,
      log,
    });
    idempotencyKeyPurge = startIdempotencyKeyPurge({ database, log });
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
