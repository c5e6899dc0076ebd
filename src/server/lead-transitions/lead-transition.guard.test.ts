import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Only lead-transition.sql.ts writes a lead's status: everywhere else, a statement that
 * changes leads takes its SET list from there. This reads every server source file and
 * fails on SQL (raw or Kysely) that writes `leads.status` anywhere else.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const transitionModule = path.join('lead-transitions', 'lead-transition.sql.ts');

/** Where a source text writes the status of leads, as short excerpts. */
function statusWrites(source: string): string[] {
  const found: string[] = [];
  const patterns: { statement: RegExp; writes: RegExp }[] = [
    // update leads [l] set … status = … (up to the statement's from / where / returning)
    {
      statement:
        /update\s+leads\b(?:\s+(?:as\s+)?\w+)?\s+set\b([\s\S]*?)(?:\bfrom\b|\bwhere\b|\breturning\b|`)/gi,
      writes: /(?:^|[\s,.])status\s*=/i,
    },
    // insert into leads (…, status, …) / copy leads (…, status, …)
    {
      statement: /(?:insert\s+into|copy)\s+leads\s*\(([^)]*)\)/gi,
      writes: /\bstatus\b/i,
    },
    // db.updateTable('leads').set({ status: … }) and db.insertInto('leads').values({ status: … })
    {
      statement:
        /(?:updateTable|insertInto)\(\s*['"]leads(?:\s+as\s+\w+)?['"]\s*\)([\s\S]*?)(?:\.where|\.returning|\.onConflict|\.execute)/g,
      writes: /\bstatus\s*:/,
    },
  ];
  for (const { statement, writes } of patterns) {
    for (const match of source.matchAll(statement)) {
      if (writes.test(match[1] ?? '')) found.push(match[0].replace(/\s+/g, ' ').slice(0, 120));
    }
  }
  return found;
}

async function serverSources(directory: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      // Migrations are the schema's history (never edited); test helpers seed states.
      if (!['migrations', 'testing', 'fixtures'].includes(entry.name)) {
        files.push(...(await serverSources(full)));
      }
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      files.push(full);
    }
  }
  return files;
}

describe('who writes a lead status', () => {
  it('finds the writes it looks for (so a pass means something)', () => {
    expect(
      statusWrites("sql`update leads l set status = 'new', owner_id = null where l.id = 1`"),
    ).toHaveLength(1);
    expect(
      statusWrites('sql`update leads set\n  owner_id = null,\n  status = $' + '{x}\n from t`'),
    ).toHaveLength(1);
    expect(
      statusWrites("db.updateTable('leads').set({ status: 'red' }).where('id', '=', 1).execute()"),
    ).toHaveLength(1);
    expect(
      statusWrites("db.insertInto('leads').values({ name, phone, status: 'assigned' }).execute()"),
    ).toHaveLength(1);
    expect(
      statusWrites('insert into leads (name, phone, status) values ($1, $2, $3)'),
    ).toHaveLength(1);
    expect(statusWrites('copy leads (name, status) from stdin')).toHaveLength(1);
    // Reading a status, or writing another table's, is not a write of a lead's status.
    expect(statusWrites('update leads l set $' + "{set} where l.status = 'red'")).toEqual([]);
    expect(statusWrites("update import_batches set status = 'done' where id = 1")).toEqual([]);
    expect(
      statusWrites("db.updateTable('import_batches').set({ status: 'undone' }).execute()"),
    ).toEqual([]);
  });

  it('is only lead-transition.sql.ts', async () => {
    const offenders: string[] = [];
    for (const file of await serverSources(serverRoot)) {
      const relative = path.relative(serverRoot, file);
      if (relative === transitionModule) continue;
      for (const write of statusWrites(await readFile(file, 'utf8'))) {
        offenders.push(`${relative}: ${write}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
