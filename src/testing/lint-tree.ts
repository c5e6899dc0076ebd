import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../..');
const biome = path.join(repository, 'node_modules', '.bin', 'biome');

export interface LintResult {
  status: number | null;
  report: string;
}

/**
 * A linter of small trees for the import-rule tests: each call writes `cleanTree` plus the
 * planted files into a scratch folder, beside the project's own biome.json, and lints them.
 */
export function treeLinter(cleanTree: Record<string, string>) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'cca-lint-tree-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  let runs = 0;
  return function lint(planted: Record<string, string>): LintResult {
    const root = path.join(scratch, String(runs++));
    const config = JSON.parse(readFileSync(path.join(repository, 'biome.json'), 'utf8'));
    // The copy is not a git checkout: the .gitignore lookup would fail there.
    config.vcs = { enabled: false };
    delete config.$schema;
    const files = { ...cleanTree, ...planted, 'biome.json': JSON.stringify(config) };
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), content);
    }
    const result = spawnSync(biome, ['lint', '--max-diagnostics=50', '.'], {
      cwd: root,
      encoding: 'utf8',
    });
    return { status: result.status, report: `${result.stdout}${result.stderr}` };
  };
}
