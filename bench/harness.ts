import { execSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** e.g. '< 50' or '≥ 0.5' */
  target: string;
  meets: boolean;
  detail?: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The value below which `p` % of `values` fall; NaN for none, a figure that fails its target. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/** Runs `action` `runs` times after one warm-up and answers the median time in milliseconds. */
export async function medianMs(runs: number, action: () => Promise<unknown>): Promise<number> {
  await action();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await action();
    times.push(performance.now() - started);
  }
  return median(times);
}

function figure(comparison: '<' | '≥' | '≤', meets: (value: number, limit: number) => boolean) {
  return (name: string, value: number, unit: string, limit: number, detail?: string): Figure => ({
    name,
    value,
    unit,
    target: `${comparison} ${limit}`,
    meets: meets(value, limit),
    ...(detail ? { detail } : {}),
  });
}

export const below = figure('<', (value, limit) => value < limit);
export const atLeast = figure('≥', (value, limit) => value >= limit);
export const atMost = figure('≤', (value, limit) => value <= limit);

function format(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/**
 * A figure's value as shown: one that misses its target by less than the rounding (0.799
 * against ≥ 0.8) gets the digits that tell, not a rounded value that reads as a pass.
 */
function shown(figure: Figure): string {
  const limit = Number(figure.target.split(' ')[1]);
  let text = format(figure.value);
  for (let digits = 3; !figure.meets && Number(text) === limit && digits <= 6; digits++) {
    text = figure.value.toFixed(digits);
  }
  return text;
}

export function printTable(figures: Figure[]) {
  const rows = figures.map((figure) => [
    figure.name,
    `${shown(figure)} ${figure.unit}`,
    figure.target,
    figure.meets ? 'ok' : 'FALHOU',
  ]);
  const widths = [0, 1, 2, 3].map((column) =>
    Math.max(
      ...[['figura', 'medida', 'meta', ''], ...rows].map((row) => (row[column] ?? '').length),
    ),
  );
  for (const row of [['figura', 'medida', 'meta', ''], ...rows]) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  }
}

/** A figure as the report keeps it: with the run that measured it, and the machine it ran on. */
interface ReportedFigure extends Figure {
  measuredAt: string;
  commit: string;
  machine: string;
}

interface Report {
  context: Record<string, string | number>;
  figures: ReportedFigure[];
}

/** This machine, in a line: its cores, memory, system and Node. */
function thisMachine(): string {
  const cpus = `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`;
  const memory = `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`;
  return `${cpus}, ${memory}, ${os.type()} ${os.release()}, Node ${process.version}`;
}

function currentCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD').toString().trim();
  } catch {
    return 'unknown';
  }
}

async function readReport(file: string): Promise<Report | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Report;
  } catch {
    return undefined;
  }
}

/**
 * Where a report is written: the normal one (`REPORT.md`, `report.json`), or a scale run's
 * beside it (`REPORT-10M.md`, `report-10m.json`) compared with the normal one, figure by figure.
 */
export interface ReportFiles {
  suffix?: string;
  /** The report whose figures the new ones are compared with (how each grew). */
  baseline?: string;
}

/** A figure's name without its counts, to find the same figure measured at another size. */
const sizeFree = (name: string) => name.replace(/\d[\d,]*/g, '#');

/**
 * Writes bench/report.json and bench/REPORT.md (or a scale run's pair, see ReportFiles). A run
 * of some suites (`--only`, `--soak`) replaces their figures and keeps the others of the last
 * report, each with the date, commit and machine that measured it, as long as the data sizes
 * are the same; other sizes start anew.
 */
export async function writeReport(
  figures: Figure[],
  context: Record<string, string | number>,
  files: ReportFiles = {},
) {
  const measuredAt = new Date().toISOString();
  const commit = currentCommit();
  const machine = thisMachine();
  const directory = path.resolve('bench');
  await mkdir(directory, { recursive: true });
  const jsonFile = path.join(directory, `report${files.suffix ? `-${files.suffix}` : ''}.json`);
  const previous = await readReport(jsonFile);
  const baseline = files.baseline
    ? await readReport(path.join(directory, files.baseline))
    : undefined;
  const before = (figure: Figure) =>
    baseline?.figures.find((old) => sizeFree(old.name) === sizeFree(figure.name));
  const growth = (figure: Figure) => {
    const old = before(figure);
    if (!old) return '— | —';
    const ratio = old.value === 0 ? '—' : `${(figure.value / old.value).toFixed(2)} ×`;
    return `${shown(old)} ${old.unit} | ${ratio}`;
  };
  const sameSizes = JSON.stringify(previous?.context) === JSON.stringify(context);
  const fresh = figures.map((figure) => ({ ...figure, measuredAt, commit, machine }));
  const earlier = sameSizes ? (previous?.figures ?? []).filter((figure) => figure.measuredAt) : [];
  // Figures keep the order of the last report; new ones go at the end. A figure measured again
  // replaces the one of the same name but for its counts (a list of 1,300 leads that became 1,000).
  const freshOf = new Map(fresh.map((figure) => [sizeFree(figure.name), figure]));
  const earlierNames = new Set(earlier.map((old) => sizeFree(old.name)));
  const reported = [
    ...new Set(earlier.map((old) => freshOf.get(sizeFree(old.name)) ?? old)),
    ...fresh.filter((figure) => !earlierNames.has(sizeFree(figure.name))),
  ];
  const report: Report = { context, figures: reported };
  await writeFile(jsonFile, `${JSON.stringify(report, null, 2)}\n`);

  // One machine is named once; several are numbered, and each run says which it ran on.
  const machines = [...new Set(reported.map((figure) => figure.machine))];
  const machineLines =
    machines.length === 1
      ? [`Machine: ${machines[0]}.`]
      : machines.map((name, index) => `Machine ${index + 1}: ${name}.`);
  const runOf = (figure: ReportedFigure) =>
    `${figure.measuredAt.slice(0, 16).replace('T', ' ')} UTC, commit ${figure.commit}${
      machines.length === 1 ? '' : `, machine ${machines.indexOf(figure.machine) + 1}`
    }`;
  const runs = [...new Set(reported.map(runOf))];
  const lines = [
    '# CCA — benchmark report',
    '',
    files.suffix
      ? `Written by \`npm run bench -- --scale ${files.suffix}\` (one suite alone: add \`--only <suite>\`); each figure says which run measured it, not part of CI.`
      : 'Written by `npm run bench`; each figure says which run measured it.',
    '',
    ...machineLines,
    ...Object.entries(context).map(([key, value]) => `${key}: ${value}.`),
    '',
    ...runs.map((run, index) => `Run ${index + 1}: ${run}.`),
    '',
    ...(baseline
      ? [
          `Compared with \`bench/${files.baseline}\` (${Object.entries(baseline.context)
            .map(([key, value]) => `${key}: ${value}`)
            .join(', ')}).`,
          '',
          '| figure | measured | target | meets | run | before | growth |',
          '|---|---|---|---|---|---|---|',
        ]
      : ['| figure | measured | target | meets | run |', '|---|---|---|---|---|']),
    ...reported.map(
      (figure) =>
        `| ${figure.name} | ${shown(figure)} ${figure.unit} | ${figure.target} | ${figure.meets ? 'yes' : '**no**'} | ${runs.indexOf(runOf(figure)) + 1} |${baseline ? ` ${growth(figure)} |` : ''}`,
    ),
    '',
    ...reported
      .filter((figure) => figure.detail)
      .map((figure) => `- ${figure.name}: ${figure.detail}`),
    '',
  ];
  await writeFile(
    path.join(directory, `REPORT${files.suffix ? `-${files.suffix.toUpperCase()}` : ''}.md`),
    lines.join('\n'),
  );
}
