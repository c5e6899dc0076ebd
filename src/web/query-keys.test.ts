import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from './lib/current-user.ts';

const web = import.meta.dirname;
const featuresDirectory = path.join(web, 'features');
const isKeyFactory = (file: string) => file.endsWith('-query-keys.ts');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const factories = readdirSync(featuresDirectory).flatMap((feature) =>
  readdirSync(path.join(featuresDirectory, feature, 'api'))
    .filter(isKeyFactory)
    .map((file) => ({ feature, file: path.join(featuresDirectory, feature, 'api', file) })),
);

describe('query keys', () => {
  it('are written as arrays only in the features’ key factories', () => {
    const literal =
      /queryKey:\s*\[|(?:setQueryData|getQueryData|setQueriesData)\s*(?:<[^>]*>)?\(\s*\[/;
    const offenders = sourceFiles(web)
      .filter((file) => !isKeyFactory(file) && literal.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(web, file));
    expect(offenders).toEqual([]);
  });

  it('come from one factory per feature, each under a root of its own', async () => {
    const features = factories.map(({ feature }) => feature);
    expect(new Set(features).size, `one *-query-keys.ts per feature: ${features}`).toBe(
      features.length,
    );
    const roots = await Promise.all(
      factories.map(async ({ file }) => {
        const exports: Record<string, { all: readonly unknown[] }> = await import(file);
        const factory = Object.values(exports);
        expect(factory, `${path.relative(web, file)} exports one factory`).toHaveLength(1);
        return factory[0]?.all[0];
      }),
    );
    roots.push(currentUserQueryKey[0]);
    expect(new Set(roots).size, `distinct roots: ${roots}`).toBe(roots.length);
  });
});
