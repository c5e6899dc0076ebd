import type { ChildProcess } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import type { BenchContext } from './context.ts';
import { atLeast, below, type Figure, median } from './harness.ts';
import { startServer } from './server.ts';

const lighthouseRuns = 3;

/** The page chunks Vite builds, one per file in src/web/features/<feature>/pages (see router.tsx). */
async function pageChunkNames(): Promise<string[]> {
  const features = path.resolve('src/web/features');
  const names: string[] = [];
  for (const feature of await readdir(features)) {
    const pages = await readdir(path.join(features, feature, 'pages')).catch(() => []);
    names.push(...pages.map((file) => path.basename(file, '.tsx')));
  }
  return names;
}

/** Every JavaScript file /login loads, as Chromium receives it, with its size once gzipped. */
async function loginPageScripts(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
    const bodies: Promise<{ url: string; gzipBytes: number; bytes: number }>[] = [];
    page.on('response', (response) => {
      if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
      bodies.push(
        response.body().then((body) => ({
          url: response.url(),
          gzipBytes: gzipSync(body).length,
          bytes: body.length,
        })),
      );
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');
    return await Promise.all(bodies);
  } finally {
    await browser.close();
  }
}

async function javascriptFigure(baseUrl: string): Promise<Figure> {
  const scripts = await loginPageScripts(baseUrl);
  const gzipKb = scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1000;
  const rawKb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1000;
  // Vite names a lazy page's chunk after its file, e.g. dashboard-page-<hash>.js.
  const chunkOf = (name: string) => new RegExp(`/${name}-[\\w-]{8}\\.js$`);
  const foreign = [
    ...(await pageChunkNames()).filter((name) => name !== 'login-page'),
    'app-header',
  ]
    .filter((name) => scripts.some((script) => chunkOf(name).test(script.url)))
    .map((name) => `${name}.js`);
  const largest = [...scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 3)
    .map((script) => `${path.basename(script.url)} ${(script.gzipBytes / 1000).toFixed(1)}`)
    .join(', ');
  const figure = below(
    'JavaScript of the login page, gzip',
    gzipKb,
    'kB',
    170,
    `${scripts.length} JS files (${rawKb.toFixed(0)} kB before gzip, each gzipped at node:zlib's default level; largest: ${largest} kB); ${
      foreign.length
        ? `ALSO LOADS the chunks of other pages: ${foreign.join(', ')}`
        : 'no chunk of another page (dashboard, lead list…) nor the header is loaded'
    }`,
  );
  return { ...figure, meets: figure.meets && foreign.length === 0 };
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  lhr: Result;
}

/** A Lighthouse run that fails as it records (NO_NAVSTART, NO_FCP…) asks to be run again. */
class LighthouseRunError extends Error {}

async function lighthouseRun(url: string, port: number, cookie?: string): Promise<LighthouseRun> {
  const flags: Flags = {
    port,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const result = await lighthouse(url, flags, desktopConfig);
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw new LighthouseRunError(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  }
  if (lhr.finalDisplayedUrl !== url) {
    throw new Error(`lighthouse ${url}: ended on ${lhr.finalDisplayedUrl} (signed out?)`);
  }
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  return { performance: score('performance'), accessibility: score('accessibility'), lhr };
}

/** What the median run says about a category: its metrics or the audits it failed. */
function explain(run: LighthouseRun, category: 'performance' | 'accessibility'): string {
  const { lhr } = run;
  const failing = (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => audit?.id);
  const failed = failing.length ? `failing audits: ${failing.join(', ')}` : 'no failing audit';
  if (category === 'accessibility') return failed;
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  return `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}; ${failed}`;
}

async function lighthouseFigures(
  baseUrl: string,
  cookie: string,
  workDir: string,
): Promise<Figure[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumFlags, '--headless=new'],
  });
  try {
    const figures: Figure[] = [];
    for (const { pagePath, signedIn } of [
      { pagePath: '/login', signedIn: false },
      { pagePath: '/leads/list', signedIn: true },
    ]) {
      const runs: LighthouseRun[] = [];
      let failedRuns = 0;
      while (runs.length < lighthouseRuns) {
        try {
          runs.push(
            await lighthouseRun(
              `${baseUrl}${pagePath}`,
              chrome.port,
              signedIn ? cookie : undefined,
            ),
          );
        } catch (error) {
          if (!(error instanceof LighthouseRunError) || ++failedRuns > lighthouseRuns) throw error;
          console.warn(`  ${error.message}; running it again`);
        }
      }
      const who = `${signedIn ? ', signed in as the admin' : ''}${
        failedRuns ? `, ${failedRuns} more run(s) failed in Lighthouse and were repeated` : ''
      }`;
      // The run with the median performance, kept to be read in Lighthouse's viewer.
      const performances = runs.map((run) => run.performance);
      const kept = runs.find((run) => run.performance === median(performances)) as LighthouseRun;
      const reportFile = path.join(workDir, `lighthouse${pagePath.replaceAll('/', '-')}.json`);
      await writeFile(reportFile, JSON.stringify(kept.lhr));
      for (const category of ['performance', 'accessibility'] as const) {
        const scores = runs.map((run) => run[category]);
        const middle = median(scores);
        const medianRun = runs.find((run) => run[category] === middle) as LighthouseRun;
        figures.push(
          atLeast(
            `Lighthouse ${category} ${pagePath}`,
            middle,
            '/100',
            category === 'performance' ? 90 : 95,
            `median of ${runs.length} Lighthouse ${desktopConfig.settings?.formFactor} runs${who} (${scores.join(', ')}); ${explain(medianRun, category)}; report: ${path.relative(process.cwd(), reportFile)}`,
          ),
        );
      }
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/**
 * What a browser gets from CCA's production build: the JavaScript the login page downloads,
 * and Lighthouse's performance and accessibility scores for /login and /leads/list.
 */
export async function webBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { server, baseUrl, cookie } = await startServer(context.databaseUrl, context.workDir);
  try {
    return [
      await javascriptFigure(baseUrl),
      ...(await lighthouseFigures(baseUrl, cookie, context.workDir)),
    ];
  } finally {
    await stop(server);
  }
}
