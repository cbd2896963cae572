// Mail through nodemailer over SMTP_URL; without it, every mail is written to DATA_DIR/outbox (readable
// by the server's user only). Its link (an activation or reset link is a secret) is never logged.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The main link of the mail (kept in the mail only, never logged). */
  link?: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
    };
  }
  return {
    async send(mail) {
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to}.eml`,
      );
      const body = `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\nContent-Type: text/plain; charset=utf-8\n\n${mail.text}\n`;
      await writeFile(file, body, { encoding: 'utf8', mode: 0o600 });
      opts.log.info({ outbox: opts.outboxDir }, `mail written to the outbox: ${mail.subject}`);
    },
  };
}
