import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leadActions, leadTransitions } from '../../core/lead-transitions.ts';

/**
 * Only lead-transition.sql.ts writes a lead's status, and only the transition module
 * (src/server/lead-transitions) writes its history: everywhere else, a statement that changes
 * leads takes its SET list and its history step from there. This reads every server source
 * file and fails on SQL (raw or Kysely) that writes `leads.status` or `lead_history` anywhere
 * else.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const transitionModule = path.join('lead-transitions', 'lead-transition.sql.ts');
const transitionFolder = 'lead-transitions';

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

/** Where a source text writes lead_history (inserts, updates, deletes), as short excerpts. */
function historyWrites(source: string): string[] {
  const patterns = [
    /\b(?:insert\s+into|update|delete\s+from|copy|merge\s+into|truncate(?:\s+table)?)\s+lead_history\b[^`]{0,80}/gi,
    /\.(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*['"]lead_history(?:\s+as\s+\w+)?['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => match[0].replace(/\s+/g, ' ').slice(0, 120)),
  );
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

describe('who writes a lead history', () => {
  it('finds the writes it looks for (so a pass means something)', () => {
    expect(
      historyWrites('insert into lead_history\n (lead_id, reason) select id, $' + '{r} from x'),
    ).toHaveLength(1);
    expect(historyWrites('delete from lead_history where lead_id = 1')).toHaveLength(1);
    expect(historyWrites('update lead_history set lead_id = 2 where lead_id = 1')).toHaveLength(1);
    expect(historyWrites("db.insertInto('lead_history').values({ lead_id: 1 })")).toHaveLength(1);
    expect(historyWrites("trx.updateTable('lead_history').set({ lead_id: 2 })")).toHaveLength(1);
    expect(historyWrites("db.deleteFrom('lead_history').execute()")).toHaveLength(1);
    // Reading the history is not writing it.
    expect(historyWrites("db.selectFrom('lead_history as h').selectAll()")).toEqual([]);
    expect(historyWrites('select * from lead_history h where h.lead_id = 1')).toEqual([]);
    expect(historyWrites('left join lead_history h on h.lead_id = l.id')).toEqual([]);
  });

  it('is only the transition module', async () => {
    const offenders: string[] = [];
    for (const file of await serverSources(serverRoot)) {
      const relative = path.relative(serverRoot, file);
      if (relative.startsWith(transitionFolder + path.sep)) continue;
      for (const write of historyWrites(await readFile(file, 'utf8'))) {
        offenders.push(`${relative}: ${write}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

/**
 * The events only a transition sends, as the table names them. `leads.changed` is also what an
 * edit of a lead's own fields, numbers or registration announces, which changes no status.
 */
const transitionEvents = [
  ...new Set(leadActions.map((action) => leadTransitions[action].event)),
].filter((event) => event !== 'leads.changed');

/** Where a source text types one of those events by hand, as short excerpts. */
function handTypedEvents(source: string): string[] {
  const names = transitionEvents.map((event) => event.replace('.', '\\.')).join('|');
  const pattern = new RegExp(`\\btype:\\s*['"](?:${names})['"][^}]{0,60}`, 'g');
  return [...source.matchAll(pattern)].map((match) => match[0].replace(/\s+/g, ' '));
}

describe('who names the event of a transition', () => {
  it('finds the events it looks for (so a pass means something)', () => {
    expect(transitionEvents).toContain('lead.attempted');
    expect(
      handTypedEvents("events.publish({ type: 'lead.attempted', assessorId, leadId })"),
    ).toHaveLength(1);
    expect(
      handTypedEvents("unit.publish({\n type: 'leads.distributed',\n assessorIds })"),
    ).toHaveLength(1);
    expect(handTypedEvents("unit.publish({ type: 'leads.imported' })")).toHaveLength(1);
    expect(handTypedEvents("unit.publish(transitionEvent('import', {}))")).toEqual([]);
    expect(handTypedEvents("unit.publish({ type: 'leads.changed', assessorIds })")).toEqual([]);
  });

  it('is only the transition module: services publish what transitionEvent returns', async () => {
    const offenders: string[] = [];
    for (const file of await serverSources(serverRoot)) {
      const relative = path.relative(serverRoot, file);
      if (relative.startsWith(transitionFolder + path.sep)) continue;
      for (const event of handTypedEvents(await readFile(file, 'utf8'))) {
        offenders.push(`${relative}: ${event}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
