import { describe, expect, it } from 'vitest';
import { treeLinter } from '../testing/lint-tree.ts';

/** A small web tree that keeps every rule: the planted files are linted beside it. */
const cleanTree: Record<string, string> = {
  'src/web/lib/api-client.ts': 'export const apiClient = { name: "api" };\n',
  'src/web/features/leads/api/lead-query-keys.ts':
    "export const leadKeys = { all: ['leads'] as const };\n",
  'src/web/features/leads/index.ts': "export { leadKeys } from './api/lead-query-keys.ts';\n",
  'src/web/features/leads/pages/lead-list-page.tsx':
    "import { leadKeys } from '../api/lead-query-keys.ts';\n\nexport function LeadListPage() {\n  return leadKeys.all.join();\n}\n",
  'src/web/features/imports/api/undo-import.ts':
    "import { apiClient } from '../../../lib/api-client.ts';\nimport { leadKeys } from '../../leads/index.ts';\n\nexport const undoImport = [apiClient, leadKeys];\n",
  'src/web/features/imports/index.ts':
    "export { leadKeys } from '../leads/index.ts';\nexport { undoImport } from './api/undo-import.ts';\n",
  'src/web/app/router.tsx':
    "export const lazyPages = {\n  leadList: () => import('../features/leads/pages/lead-list-page.tsx'),\n};\n",
  'src/web/app/header/app-header.tsx':
    "import { leadKeys } from '../../features/leads/index.ts';\n\nexport const header = leadKeys;\n",
};

const lint = treeLinter(cleanTree);

describe('the import-boundary rule (npm run lint)', () => {
  it('passes on features meeting through their index.ts and the router loading a page', () => {
    const { status, report } = lint({});
    expect(report).not.toMatch(/noRestrictedImports|noImportCycles/);
    expect(status, report).toBe(0);
  });

  it.each([
    [
      'a feature reaching into another',
      'src/web/features/imports/components/planted.tsx',
      "import { leadKeys } from '../../leads/api/lead-query-keys.ts';\n\nexport const planted = leadKeys;\n",
    ],
    [
      "a feature's index.ts re-exporting another's insides",
      'src/web/features/do-not-call/index.ts',
      "export { leadKeys } from '../leads/api/lead-query-keys.ts';\n",
    ],
    [
      'a feature loading another feature’s page',
      'src/web/features/imports/pages/planted-page.tsx',
      "export const planted = () => import('../../leads/pages/lead-list-page.tsx');\n",
    ],
    [
      'a feature climbing to src/web and back down into another',
      'src/web/features/imports/api/planted.ts',
      "import { leadKeys } from '../../../features/leads/api/lead-query-keys.ts';\n\nexport const planted = leadKeys;\n",
    ],
    [
      'the app reaching into a feature',
      'src/web/app/header/planted.tsx',
      "import { LeadListPage } from '../../features/leads/pages/lead-list-page.tsx';\n\nexport const planted = LeadListPage;\n",
    ],
    [
      'shared code importing a feature',
      'src/web/lib/planted.ts',
      "import { leadKeys } from '../features/leads/index.ts';\n\nexport const planted = leadKeys;\n",
    ],
  ])('fails on %s', (_case, file, content) => {
    const { status, report } = lint({ [file]: content });
    expect(status).not.toBe(0);
    expect(report).toContain(`${file}:`);
    expect(report).toContain('lint/style/noRestrictedImports');
  });
});

describe('the import-cycle rule (npm run lint)', () => {
  it('fails on two modules importing each other', () => {
    const { status, report } = lint({
      'src/server/planted/first.ts':
        "import { second } from './second.ts';\n\nexport const first = () => second();\n",
      'src/server/planted/second.ts':
        "import { first } from './first.ts';\n\nexport const second = () => first;\n",
    });
    expect(status).not.toBe(0);
    expect(report).toContain('lint/suspicious/noImportCycles');
  });

  it('fails on a cycle through two features’ index.ts', () => {
    const { status, report } = lint({
      'src/web/features/leads/index.ts':
        "export { leadKeys } from './api/lead-query-keys.ts';\nexport { undoImport } from '../imports/index.ts';\n",
    });
    expect(status).not.toBe(0);
    expect(report).toContain('lint/suspicious/noImportCycles');
  });
});
