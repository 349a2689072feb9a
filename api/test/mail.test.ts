import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, SqlParam } from '../src/db';
import { createMailer } from '../src/mail/mailer';

/** Just enough SMTP to accept one message and keep its DATA. */
function fakeSmtpServer(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket: Socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 fake-smtp ready\r\n');
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
          } else {
            data += `${line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake-smtp\r\n');
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
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    });
  });
}

const silentLog = { error: jest.fn() } as unknown as FastifyBaseLogger;

describe('mailer', () => {
  test('record() writes the email to the outbound_emails outbox', async () => {
    const calls: { sql: string; params: readonly SqlParam[] | undefined }[] = [];
    const q: Queryable = {
      query: async <T>(sql: string, params?: readonly SqlParam[]) => {
        calls.push({ sql, params });
        return { rows: [] as T[], rowCount: 1 };
      },
      exec: async () => undefined,
    };
    await createMailer({ smtpUrl: null, from: 'x@y.test' }).record(q, { to: 'a@b.test', subject: 'Hi', text: 'Body' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.sql).toContain('INSERT INTO outbound_emails');
    expect(calls[0]?.params).toEqual(['a@b.test', 'Hi', 'Body']);
  });

  test('deliver() sends through SMTP_URL with nodemailer', async () => {
    const smtp = await fakeSmtpServer();
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Leadsmith <no-reply@leadsmith.test>' });
      await mailer.deliver({ to: 'nora@example.test', subject: 'Your Leadsmith confirmation code', text: 'Your code is 123456.' }, silentLog);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('To: nora@example.test');
      expect(smtp.received[0]).toContain('Subject: Your Leadsmith confirmation code');
      expect(smtp.received[0]).toContain('Your code is 123456.');
      expect(silentLog.error).not.toHaveBeenCalled();
    } finally {
      smtp.server.close();
    }
  });

  test('a delivery failure is logged, not thrown', async () => {
    const log = { error: jest.fn() } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.test' });
    await expect(mailer.deliver({ to: 'a@b.test', subject: 's', text: 't' }, log)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  test('without SMTP_URL deliver() does nothing', async () => {
    const log = { error: jest.fn() } as unknown as FastifyBaseLogger;
    await createMailer({ smtpUrl: null, from: 'x@y.test' }).deliver({ to: 'a@b.test', subject: 's', text: 't' }, log);
    expect(log.error).not.toHaveBeenCalled();
  });
});
