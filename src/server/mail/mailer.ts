import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { currentRequestLog } from '../http/request-context.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: (message: string) => void;
}

/**
 * Sends over SMTP when `SMTP_URL` is set; otherwise writes each message as an .eml file to
 * the outbox folder and logs it, so a team without a mail server can still reset passwords.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const line = `E-mail para ${message.to} ("${message.subject}") gravado em ${file}:\n${message.text}`;
      // Sent on a request's behalf (an invitation, a reset link): in its log, with its id.
      const requestLog = currentRequestLog();
      if (requestLog) requestLog.info({ mailFile: file }, line);
      else options.log(line);
    },
  };
}
