import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('mailer', () => {
  it('sends over SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'CCA <nao-responda@cca.test>',
        outboxDir: '/nonexistent',
        log: () => {},
      });
      await mailer.send({ to: 'ana@cca.test', subject: 'Olá', text: 'Link: http://x/y' });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: ana@cca.test');
      expect(received[0]).toContain('Link: http://x/y');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('writes to the outbox and logs the message without SMTP', async () => {
    const outboxDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'cca-outbox-')), 'outbox');
    folders.push(path.dirname(outboxDir));
    const logged: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'CCA <nao-responda@cca.test>',
      outboxDir,
      log: (message) => logged.push(message),
    });
    await mailer.send({ to: 'ana@cca.test', subject: 'Nova senha', text: 'Abra http://cca/x' });
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: ana@cca.test');
    expect(eml).toContain('Abra http://cca/x');
    expect(logged.join('\n')).toContain('Abra http://cca/x');
  });
});
