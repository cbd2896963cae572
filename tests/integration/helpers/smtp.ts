// A real SMTP server in the test process: the app sends through nodemailer, the test reads the mail.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeBody(headers: string, body: string): string {
  const enc = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeSubject(s: string): string {
  return s
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, mode: string, data: string) =>
      mode.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .replace(/\s+/g, ' ');
}

/** The text/plain part of a raw message, decoded. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const subjectRaw = /^subject:\s*(.*(?:\r?\n[ \t]+.*)*)/im.exec(head)?.[1] ?? '';
  const subject = decodeSubject(
    subjectRaw.replace(/\?=\r?\n[ \t]+=\?/g, '?==?').replace(/\r?\n[ \t]+/g, ' '),
  );
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  let text = rest.join('\n\n');
  if (boundary) {
    const parts = raw.split(`--${boundary}`);
    const plain = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? '';
    const [ph, ...pb] = plain.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    text = decodeBody(ph, pb.join('\n\n'));
  } else {
    text = decodeBody(head, text);
  }
  return { to, subject, text: text.trim() };
}

export async function startSmtp() {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The last mail sent to `to`, waiting briefly for delivery. */
    async lastTo(to: string): Promise<ReceivedMail> {
      for (let i = 0; i < 100; i++) {
        const m = [...inbox].reverse().find((x) => x.to.includes(to));
        if (m) return m;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link of a mail. */
export const linkIn = (mail: { text: string }) => {
  const m = /https?:\/\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no link in mail: ${mail.text}`);
  return m[0];
};
