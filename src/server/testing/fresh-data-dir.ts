import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testEnv } from './test-app.ts';

// Test files share their worker's modules (`isolate: false`), so the module that holds testEnv
// is loaded once per worker. Each file still gets a data directory of its own: the files a test
// leaves there (imports by id, outbox mails) would otherwise meet the next file's, whose ids repeat.
testEnv.dataDir = mkdtempSync(path.join(os.tmpdir(), 'cca-test-data-'));
