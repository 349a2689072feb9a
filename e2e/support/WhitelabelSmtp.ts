import { createServer, type Server } from 'node:net';

/** A local SMTP server (no auth, no TLS) that keeps every message it accepts: the reseller's "own" mail server in the SMTP spec. */
export interface LocalSmtp {
  port: number;
  received: string[];
  close(): Promise<void>;
}

export function startLocalSmtp(): Promise<LocalSmtp> {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 local-smtp ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 local-smtp\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A local HTTP endpoint standing in for the reseller's system behind a webhook. */
export interface WebhookReceiver {
  url: string;
  received: { event: string; signature: string; body: string }[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const { createServer: createHttpServer } = await import('node:http');
  const received: WebhookReceiver['received'] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({
        event: String(req.headers['x-webhook-event']),
        signature: String(req.headers['x-webhook-signature']),
        body,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
