import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext } from './context.ts';
import { below, type Figure } from './harness.ts';

/**
 * What the suite measures, from the environment:
 * - TEST_TIME_REF: the commit to clone and time (default HEAD), e.g. an older one for the
 *   figure before a change;
 * - TEST_TIME_FILES: test files to run instead of the whole suite (space-separated), to try the
 *   suite itself in a minute;
 * - TEST_DATABASE_URL: the PostgreSQL server of `npm run check`'s server project; the bench's
 *   own PostgreSQL when unset.
 */
interface TestTimeOptions {
  ref: string;
  files: string[];
  serverUrl: string;
}

/** Minutes, as the issue sets them: `npm test` under 5, `npm run check` under 10. */
const npmTestTargetSeconds = 5 * 60;
const npmCheckTargetSeconds = 10 * 60;

interface Run {
  seconds: number;
  exitCode: number | null;
  /** The end of its output, to tell why it failed. */
  tail: string;
}

/** Runs an npm command in `cwd`, its output kept in part, and answers how long it took. */
function timeNpm(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  console.log(`  npm ${args.join(' ')}`);
  const started = performance.now();
  const child = spawn('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      tail = `${tail}${chunk.toString()}`.slice(-4000);
    });
  }
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) =>
      resolve({ seconds: (performance.now() - started) / 1000, exitCode, tail }),
    );
  });
}

function figureOf(name: string, run: Run, target: number, detail: string): Figure {
  const figure = below(name, run.seconds, 's', target, detail);
  if (run.exitCode === 0) return figure;
  // A run that failed is no time for the suite: the figure fails with the reason beside it.
  return {
    ...figure,
    meets: false,
    detail: `${detail}; FAILED with exit code ${run.exitCode}:\n${run.tail}`,
  };
}

/**
 * `npm test` and `npm run check` timed from a clean clone of one commit, as a developer or CI
 * runs them on this machine: `npm ci` first (not timed in the figures), then `npm test` (the
 * README's command: the embedded PostgreSQL and the browser projects), then, from a clean build
 * again, `npm run check` with TEST_DATABASE_URL set (types, lint, and the tests on both
 * PostgreSQLs).
 */
export async function testTimeBenchmarks(context: BenchContext): Promise<Figure[]> {
  const options: TestTimeOptions = {
    ref: process.env.TEST_TIME_REF ?? 'HEAD',
    files: (process.env.TEST_TIME_FILES ?? '').split(/\s+/).filter(Boolean),
    serverUrl: process.env.TEST_DATABASE_URL ?? context.databaseUrl,
  };
  const commit = execFileSync('git', ['rev-parse', '--short', options.ref]).toString().trim();
  const cloneDir = await mkdtemp(path.join(os.tmpdir(), 'cca-test-time-'));
  try {
    console.log(`Tempo dos testes: clone de ${commit} em ${cloneDir}`);
    execFileSync('git', ['clone', '--quiet', process.cwd(), cloneDir]);
    execFileSync('git', ['-C', cloneDir, 'checkout', '--quiet', commit]);
    // The bench's own settings must not reach the tests: they choose their own PostgreSQL.
    const { TEST_DATABASE_URL: _server, DATABASE_URL: _database, ...env } = process.env;
    const install = await timeNpm(cloneDir, ['ci', '--no-audit', '--no-fund'], env);
    if (install.exitCode !== 0) throw new Error(`npm ci failed:\n${install.tail}`);
    const files = options.files.length ? ['--', ...options.files] : [];
    const test = await timeNpm(cloneDir, ['test', ...files], env);
    // A clean clone has no build; the browser tests' build of `npm test` must not be reused.
    await rm(path.join(cloneDir, 'dist'), { recursive: true, force: true });
    const check = await timeNpm(cloneDir, ['run', 'check', ...files], {
      ...env,
      TEST_DATABASE_URL: options.serverUrl,
    });
    const scope = options.files.length ? `only ${options.files.join(' ')}` : 'the whole suite';
    const server = process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : "the bench's PostgreSQL";
    return [
      figureOf(
        'npm test from a clean clone',
        test,
        npmTestTargetSeconds,
        `commit ${commit}, ${scope}, after npm ci (${install.seconds.toFixed(0)} s): the embedded PostgreSQL and browser projects, building the app for the browser tests`,
      ),
      figureOf(
        'npm run check with the PostgreSQL-server project',
        check,
        npmCheckTargetSeconds,
        `commit ${commit}, ${scope}, from a clean build: types, lint and the tests on the embedded PostgreSQL and on ${server}`,
      ),
    ];
  } finally {
    await rm(cloneDir, { recursive: true, force: true });
  }
}
