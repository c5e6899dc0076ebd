import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * No source file grows past 350 lines (issue #18): a file that long does several things, and
 * the next reader has to hold all of them at once. Split it by subject instead of raising this.
 */

const maxLines = 350;
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceFolders = ['src', 'e2e', 'bench', 'scripts'];
const sourceExtensions = ['.ts', '.tsx', '.mjs'];

function lineCount(text: string): number {
  if (text === '') return 0;
  // Counted as `wc -l` and an editor do: a final newline does not start another line.
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

async function sourceFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const folder of sourceFolders) {
    const entries = await readdir(path.join(projectRoot, folder), { recursive: true });
    for (const entry of entries) {
      if (sourceExtensions.some((extension) => entry.endsWith(extension))) {
        files.push(path.join(folder, entry));
      }
    }
  }
  return files.sort();
}

it(`keeps every source file at ${maxLines} lines or fewer`, async () => {
  const files = await sourceFiles();
  // A wrong root would find nothing and pass for the wrong reason.
  expect(files).toContain(path.join('src', 'source-size.test.ts'));
  const offenders: string[] = [];
  for (const file of files) {
    const lines = lineCount(await readFile(path.join(projectRoot, file), 'utf8'));
    if (lines > maxLines) offenders.push(`${file}: ${lines} lines`);
  }
  expect(offenders, `files over ${maxLines} lines`).toEqual([]);
});
