import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const checkout = path.resolve(import.meta.dirname, '..');
const installer = path.join(checkout, 'scripts', 'install-service.sh');

function renderUnit(folder: string, node: string, user: string): string {
  const result = spawnSync('bash', [installer, '--print-unit', folder, node, user], {
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

/** The unit's settings, `Section.Key` to every value it is given, comments left out. */
function settingsOf(unit: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const line of unit.split('\n')) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1] ?? '';
    const setting = /^(\w+)=(.*)$/.exec(line);
    if (!setting) continue;
    const key = `${section}.${setting[1]}`;
    settings.set(key, [...(settings.get(key) ?? []), setting[2] ?? '']);
  }
  return settings;
}

/** What `npm start` runs once CCA is built: the last command of its script. */
function startCommand(): string {
  const { scripts } = JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return scripts.start.split('&&').at(-1)?.trim() ?? '';
}

function systemdAnalyze(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v systemd-analyze'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

describe('the systemd unit of CCA', () => {
  it('is rendered for the checkout, its user and node: restarted after a crash, started with the machine, stopped by SIGTERM with time for a clean stop', () => {
    const unit = renderUnit('/opt/cca', '/usr/local/bin/node', 'cca');
    expect(unit).not.toMatch(/@[A-Z_]+@/);
    const settings = settingsOf(unit);
    expect(Object.fromEntries(settings)).toMatchObject({
      'Unit.StartLimitIntervalSec': ['0'],
      'Service.User': ['cca'],
      'Service.Group': ['cca'],
      'Service.WorkingDirectory': ['/opt/cca'],
      'Service.EnvironmentFile': ['-/etc/cca/cca.env'],
      'Service.Restart': ['on-failure'],
      'Service.RestartSec': ['5'],
      'Service.KillSignal': ['SIGTERM'],
      'Service.KillMode': ['mixed'],
      'Install.WantedBy': ['multi-user.target'],
    });
    // The same CCA `npm start` runs, with node's full path and no npm in between.
    expect(startCommand()).toMatch(/^node /);
    expect(settings.get('Service.ExecStart')).toEqual([
      startCommand().replace(/^node /, '/usr/local/bin/node '),
    ]);
    expect(Number(settings.get('Service.TimeoutStopSec')?.[0])).toBeGreaterThanOrEqual(60);
    // Hardening that would break the embedded PostgreSQL or V8 stays out.
    for (const breaking of ['MemoryDenyWriteExecute', 'PrivateDevices', 'ProtectHome']) {
      expect(settings.has(`Service.${breaking}`), breaking).toBe(false);
    }
  });

  it('passes systemd-analyze verify when rendered for this checkout and this node', async (context) => {
    const analyze = systemdAnalyze();
    if (!analyze) context.skip('systemd-analyze não está instalado (apt-get install systemd)');
    const folder = await mkdtemp(path.join(os.tmpdir(), 'cca-unit-'));
    try {
      const unitPath = path.join(folder, 'cca.service');
      await writeFile(unitPath, renderUnit(checkout, process.execPath, 'cca'));
      const result = spawnSync(analyze ?? '', ['verify', unitPath], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('the installer', () => {
  const asRoot = process.getuid?.() === 0;

  it('refuses, in pt-BR, to run without root', () => {
    // As root, the test runs it as nobody; it stops before it touches anything.
    const result = asRoot
      ? // Read by root and given on stdin: nobody may not enter a checkout in a private folder.
        spawnSync('runuser', ['-u', 'nobody', '--', 'bash', '-s'], {
          encoding: 'utf8',
          input: readFileSync(installer, 'utf8'),
          cwd: '/',
        })
      : spawnSync('bash', [installer], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('install-service: rode como root: sudo');
  });

  it('refuses, in pt-BR, on a machine that does not run systemd', (context) => {
    if (!asRoot || existsSync('/run/systemd/system')) {
      context.skip('só numa máquina sem systemd rodando, como root');
    }
    const result = spawnSync('bash', [installer], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('install-service: esta máquina não roda o systemd');
  });
});
