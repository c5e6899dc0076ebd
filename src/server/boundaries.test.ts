import { describe, expect, it } from 'vitest';
import { treeLinter } from '../testing/lint-tree.ts';

/** A small server tree that keeps every rule: the planted files are linted beside it. */
const cleanTree: Record<string, string> = {
  'src/core/leads.ts': 'export const leadStatuses = ["new"] as const;\n',
  'src/server/db/schema.ts': 'export interface Database {\n  leads: { id: string };\n}\n',
  'src/server/feature.ts':
    "import type { Database } from './db/schema.ts';\n\nexport type FeatureOptions = { db: Database };\n",
  'src/server/leads/lead.repository.ts':
    "import { leadStatuses } from '../../core/leads.ts';\nimport type { Database } from '../db/schema.ts';\n\nexport const leadRepository = (db: Database) => [db, leadStatuses];\n",
  'src/server/leads/index.ts':
    "import type { FeatureOptions } from '../feature.ts';\n\nexport { leadRepository } from './lead.repository.ts';\nexport const leadsFeature = (options: FeatureOptions) => options;\n",
  'src/server/leads/fixtures/lead-fixtures.ts':
    "import { leadRepository } from '../lead.repository.ts';\nimport { testApp } from '../../testing/test-app.ts';\n\nexport const leadFixture = [leadRepository, testApp];\n",
  'src/server/testing/test-app.ts':
    "import { leadsFeature } from '../leads/index.ts';\n\nexport const testApp = leadsFeature;\n",
  'src/server/imports/import.service.ts':
    "import { leadRepository } from '../leads/index.ts';\nimport type { Database } from '../db/schema.ts';\n\nexport const importService = (db: Database) => leadRepository(db);\n",
  'src/server/imports/index.ts': "export { importService } from './import.service.ts';\n",
  'src/server/imports/import.routes.test.ts':
    "import { leadFixture } from '../leads/fixtures/lead-fixtures.ts';\nimport { testApp } from '../testing/test-app.ts';\nimport { importService } from './import.service.ts';\n\nexport const planted = [leadFixture, testApp, importService];\n",
  'src/server/app.ts':
    "import type { Database } from './db/schema.ts';\nimport { importService } from './imports/index.ts';\nimport { leadsFeature } from './leads/index.ts';\n\nexport const app = (db: Database) => [importService(db), leadsFeature];\n",
};

const lint = treeLinter(cleanTree);

describe('the server import-boundary rule (npm run lint)', () => {
  it('passes on server folders meeting through their index.ts, shared infrastructure and fixtures', () => {
    const { status, report } = lint({});
    expect(report).not.toMatch(/noRestrictedImports|noImportCycles/);
    expect(status, report).toBe(0);
  });

  it.each([
    [
      'a feature reaching into another',
      'src/server/imports/planted.ts',
      "import { leadRepository } from '../leads/lead.repository.ts';\n\nexport const planted = leadRepository;\n",
    ],
    [
      "a feature's index.ts re-exporting another's insides",
      'src/server/imports/index.ts',
      "export { leadRepository } from '../leads/lead.repository.ts';\n",
    ],
    [
      "a feature's code importing another's test fixtures",
      'src/server/imports/planted.ts',
      "import { leadFixture } from '../leads/fixtures/lead-fixtures.ts';\n\nexport const planted = leadFixture;\n",
    ],
    [
      "a feature's code importing the test kit",
      'src/server/imports/planted.ts',
      "import { testApp } from '../testing/test-app.ts';\n\nexport const planted = testApp;\n",
    ],
    [
      "a test reaching into another feature's files",
      'src/server/imports/planted.test.ts',
      "import { leadRepository } from '../leads/lead.repository.ts';\n\nexport const planted = leadRepository;\n",
    ],
    [
      "a fixture reaching into another feature's files",
      'src/server/imports/fixtures/planted.ts',
      "import { leadRepository } from '../../leads/lead.repository.ts';\n\nexport const planted = leadRepository;\n",
    ],
    [
      'shared infrastructure reaching into a feature',
      'src/server/db/planted.ts',
      "import { leadRepository } from '../leads/lead.repository.ts';\n\nexport const planted = leadRepository;\n",
    ],
    [
      'app.ts reaching into a feature',
      'src/server/app.ts',
      "import { leadRepository } from './leads/lead.repository.ts';\n\nexport const app = leadRepository;\n",
    ],
  ])('fails on %s', (_case, file, content) => {
    const { status, report } = lint({ [file]: content });
    expect(status).not.toBe(0);
    expect(report).toContain(`${file}:`);
    expect(report).toContain('lint/style/noRestrictedImports');
  });
});

describe('the server import-cycle rule (npm run lint)', () => {
  it('fails on a circle of type imports only, as the write path and the audit feature once made', () => {
    const { status, report } = lint({
      'src/server/db/unit-of-work.ts':
        "import type { AuditTrail } from '../audit/index.ts';\n\nexport type UnitOfWork = { audit: AuditTrail };\n",
      'src/server/audit/index.ts':
        "import type { UnitOfWork } from '../db/unit-of-work.ts';\n\nexport type AuditTrail = (unit: UnitOfWork) => void;\n",
    });
    expect(status).not.toBe(0);
    expect(report).toContain('lint/suspicious/noImportCycles');
  });
});
