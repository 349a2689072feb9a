import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { outboundSmtpSocket, type HostLookup } from '../../../net/outbound';

/**
 * The optional SMTP RCPT check (off by default: DOMAIN_SMTP_CHECK=1 turns it on). One plain
 * connection to the domain's first mail exchanger through the outbound guard, then EHLO, MAIL
 * FROM, one RCPT TO per address plus one for a random address (a server that accepts that one
 * accepts everything: "catch_all"), and QUIT: no DATA, no message is ever sent. nodemailer's
 * SMTPConnection has no RCPT-only call, hence these few commands here.
 */
export type SmtpVerdict = 'accepted' | 'rejected' | 'catch_all' | 'unknown';

export interface SmtpProbeConfig {
  port: number;
  /** The name given in EHLO: the sending host's own name (mail servers refuse obvious fakes). */
  helo: string;
  /** The MAIL FROM address; empty for the null sender `<>`. */
  from: string;
  timeoutMs: number;
  /** Resolve the mail exchanger through these DNS servers (DOMAIN_DNS_SERVERS) instead of the system's. */
  lookupHost?: HostLookup;
}

class Replies {
  private done: { code: number; text: string }[] = [];
  private buffer = '';
  private waiting: ((reply: { code: number; text: string } | null) => void) | null = null;
  private lines: string[] = [];
  private closed = false;

  constructor(socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let index: number;
      while ((index = this.buffer.indexOf('\n')) !== -1) {
        const line = this.buffer.slice(0, index).replace(/\r$/, '');
        this.buffer = this.buffer.slice(index + 1);
        this.lines.push(line);
        // "250-…" continues a multi-line reply; "250 …" ends it.
        if (/^\d{3}(?: |$)/.test(line)) this.flush();
      }
    });
    const end = () => {
      this.closed = true;
      this.waiting?.(null);
      this.waiting = null;
    };
    socket.on('close', end);
    socket.on('error', end);
  }

  private flush() {
    const last = this.lines[this.lines.length - 1]!;
    const reply = { code: Number(last.slice(0, 3)), text: this.lines.join('\n') };
    this.lines = [];
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(reply);
    } else this.done.push(reply);
  }

  next(): Promise<{ code: number; text: string } | null> {
    const ready = this.done.shift();
    if (ready) return Promise.resolve(ready);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

function connect(host: string, config: SmtpProbeConfig): Promise<Socket> {
  return new Promise((resolve, reject) => {
    outboundSmtpSocket(
      { host, port: config.port, connectionTimeout: config.timeoutMs, lookupHost: config.lookupHost },
      (error, socket) => (error || !socket ? reject(error ?? new Error('no socket')) : resolve(socket.connection)),
    );
  });
}

/** RCPT verdicts for addresses of one domain, asked of `mxHost`; every address is 'unknown' when the server cannot be asked. */
export async function smtpProbe(
  mxHost: string,
  addresses: readonly string[],
  domain: string,
  config: SmtpProbeConfig,
): Promise<Map<string, SmtpVerdict>> {
  const verdicts = new Map<string, SmtpVerdict>(addresses.map((a) => [a, 'unknown']));
  let socket: Socket;
  try {
    socket = await connect(mxHost, config);
  } catch {
    return verdicts;
  }
  socket.setTimeout(config.timeoutMs, () => socket.destroy());
  const replies = new Replies(socket);
  const ask = async (command: string) => {
    socket.write(`${command}\r\n`);
    return replies.next();
  };
  try {
    if ((await replies.next())?.code !== 220) return verdicts;
    let hello = await ask(`EHLO ${config.helo}`);
    if (hello?.code !== 250) hello = await ask(`HELO ${config.helo}`);
    if (hello?.code !== 250) return verdicts;
    if ((await ask(`MAIL FROM:<${config.from}>`))?.code !== 250) return verdicts;
    const rcpt = async (address: string): Promise<SmtpVerdict> => {
      const reply = await ask(`RCPT TO:<${address}>`);
      if (!reply) return 'unknown';
      if (reply.code === 250 || reply.code === 251) return 'accepted';
      // 550/551/553: no such mailbox; 4xx (greylisting, busy) and anything else tell nothing.
      if (reply.code === 550 || reply.code === 551 || reply.code === 553) return 'rejected';
      return 'unknown';
    };
    const catchAll = (await rcpt(`${randomBytes(8).toString('hex')}-no-such-user@${domain}`)) === 'accepted';
    for (const address of addresses) {
      const verdict = await rcpt(address);
      verdicts.set(address, verdict === 'accepted' && catchAll ? 'catch_all' : verdict);
    }
    await ask('QUIT');
  } finally {
    socket.destroy();
  }
  return verdicts;
}
