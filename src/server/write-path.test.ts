import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every write takes the one path: a service's unit of work (transaction, audit row inside it,
 * events after the commit through the one event publisher), and every background job starts
 * from the one list in background-jobs.ts. These read the server's source for the ways around.
 */
const serverDir = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'fixtures' || entry.name === 'testing' ? [] : sourceFiles(full);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const sources = sourceFiles(serverDir).map((file) => ({
  file: path.relative(serverDir, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

/** The files whose text matches `pattern`, with the allowed ones left out. */
function filesMatching(pattern: RegExp, allowed: Record<string, string> = {}): string[] {
  return sources
    .filter(({ file, text }) => !(file in allowed) && pattern.test(text))
    .map(({ file }) => file)
    .sort();
}

describe('the one write path', () => {
  it('sends every event through the event publisher, never a NOTIFY of its own', () => {
    const outside = sources.filter(({ file }) => !file.startsWith('events/'));
    expect(
      outside
        .filter(({ text }) => /\bpublishEvents?\b|publish-event\.ts/.test(text))
        .map(({ file }) => file),
    ).toEqual([]);
  });

  it('gives the features the app’s one unit of work, made only where the app and jobs start', () => {
    const makers = {
      'db/unit-of-work.ts': 'where it is defined',
      'app.ts': 'the one the features are given',
      'leads/overdue-callbacks.ts': 'a background job, beside the app',
      'leads/lead-retention.ts': 'a background job, beside the app',
    };
    expect(filesMatching(/\bcreateUnitOfWork\(/, makers)).toEqual([]);
  });

  it('opens a transaction only in a unit of work, but for the upkeep no one asked for', () => {
    const upkeep = {
      'db/unit-of-work.ts': 'the one path itself',
      'users/user.repository.ts': "the first administrator at the first start; the tests' users",
      'dashboard/dashboard.repository.ts': 'the counts follow the zone at start, and compact',
      'dashboard/dashboard-day.repository.ts': 'a read, its JIT off for this query alone',
    };
    expect(filesMatching(/\.transaction\(\)/, upkeep)).toEqual([]);
  });

  it('writes an audit row in the unit of work of its change, or for a change of no data', () => {
    // The audit module's own rows: a request's trail, the refusals and the uses of a token.
    const outsideAudit = sources.filter(({ file }) => !file.startsWith('audit/'));
    expect(
      outsideAudit.filter(({ text }) => /auditRecorder\b/.test(text)).map(({ file }) => file),
    ).toEqual([]);
    // The server's own trail goes to a unit of work; main.ts records a restart, no data's change.
    const systemTrails = outsideAudit.flatMap(({ file, text }) =>
      file === 'main.ts'
        ? []
        : [...text.matchAll(/(.{0,12})systemAuditTrail\(/g)]
            .filter(([, before]) => !before?.endsWith('unitOfWork('))
            .map(() => file),
    );
    expect(systemTrails).toEqual([]);
  });

  it('leaves SQL to the repositories: no route writes', () => {
    const write =
      /\b(insertInto|updateTable|deleteFrom)\(|\.transaction\(|sql`\s*(insert|update|delete)\b/i;
    expect(
      sources
        .filter(({ file, text }) => file.endsWith('.routes.ts') && write.test(text))
        .map(({ file }) => file),
    ).toEqual([]);
  });
});

describe('the one list of background jobs', () => {
  const jobList = sources.find(({ file }) => file === 'background-jobs.ts')?.text ?? '';
  // Timers that are not jobs: the one every job runs on, a live stream's own heartbeat, which
  // ends with its request, and the replica's check, which ends when its database handle closes.
  const notJobs = ['repeating-task.ts', 'events/event.routes.ts', 'db/replica.ts'];
  const timed = sources.filter(
    ({ file, text }) =>
      !notJobs.includes(file) && /\b(setInterval|startRepeatingTask)\(/.test(text),
  );

  it('has every timer started by a job of the list', () => {
    const unlisted = timed
      .filter(({ text }) => {
        const starters = [...text.matchAll(/export (?:async )?function (start\w+)/g)].map(
          ([, name]) => name as string,
        );
        return !starters.some((name) => jobList.includes(`${name}(`));
      })
      .map(({ file }) => file);
    expect(unlisted).toEqual([]);
  });

  it('starts those jobs nowhere else', () => {
    const starters = timed.flatMap(({ file, text }) =>
      [...text.matchAll(/export (?:async )?function (start\w+)/g)].map(([, name]) => ({
        name: name as string,
        file,
      })),
    );
    const elsewhere = starters.flatMap(({ name, file }) =>
      sources
        .filter(
          (source) =>
            source.file !== file &&
            source.file !== 'background-jobs.ts' &&
            new RegExp(`\\b${name}\\(`).test(source.text),
        )
        .map((source) => `${name} in ${source.file}`),
    );
    expect(elsewhere).toEqual([]);
  });
});
