import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, SqlParam } from '../src/db';
import { createMailer } from '../src/mail/mailer';
import { fakeSmtpServer } from './fakeSmtp';


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
