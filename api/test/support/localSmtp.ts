import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail extends ParsedMail {
  rcptTo: string[];
}

export interface LocalSmtp {
  port: number;
  received: ReceivedMail[];
  /**
   * While true, a message's DATA is read (and kept in `unanswered`) but never answered: the sender
   * waits for the server's 250 as it would for a server that hangs.
   */
  holding: boolean;
  unanswered: ReceivedMail[];
  /** Resolves once `count` messages have arrived (no timer: each arrival checks). */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (nodemailer's smtp-server) on a free loopback port, without TLS or auth, whose
 * messages are parsed with mailparser: the tests read subject, sender, reply-to, HTML and text parts
 * as a mail client would. `received` holds the messages the server accepted (answered 250).
 */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  const unanswered: ReceivedMail[] = [];
  const waiters: { count: number; resolve: (mails: ReceivedMail[]) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (smtp.holding) {
            unanswered.push({ ...mail, rcptTo: session.envelope.rcptTo.map((r) => r.address) });
            return;
          }
          received.push({ ...mail, rcptTo: session.envelope.rcptTo.map((r) => r.address) });
          for (const w of waiters.filter((x) => received.length >= x.count)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(received);
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const smtp: LocalSmtp = {
    port,
    received,
    holding: false,
    unanswered,
    waitFor: (count) =>
      received.length >= count ? Promise.resolve(received) : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return smtp;
}
