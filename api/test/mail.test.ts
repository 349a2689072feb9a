import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, SqlParam } from '../src/db';
import { createMailer } from '../src/mail/mailer';
import { fakeSmtpServer } from './fakeSmtp';
import { createTestApp } from './helpers';


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

describe('the email outbox on the job queue', () => {
  test('an email recorded in a transaction is delivered once by its job, with a Message-ID from its key; a refused one is kept for a retry', async () => {
    const smtp = await fakeSmtpServer();
    const ctx = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      const { mailer } = ctx.app.deps;
      await ctx.db.transaction((tx) => mailer.record(tx, { to: 'queued@example.test', subject: 'Queued', text: 'Sent by the outbox.' }));
      // Nothing leaves inside the request: the job does it.
      await mailer.deliver({ to: 'queued@example.test', subject: 'Queued', text: 'Sent by the outbox.' }, silentLog);
      expect(smtp.received).toHaveLength(0);
      await ctx.app.queue.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('To: queued@example.test');
      const id = (await ctx.db.query<{ id: number }>("SELECT id FROM outbound_emails WHERE to_email = 'queued@example.test'")).rows[0]!.id;
      expect(smtp.received[0]).toContain(`Message-ID: <email-${id}@leadsmith>`);
      expect((await ctx.db.query<{ state: string }>('SELECT state FROM external_effects WHERE key = $1', [`email:${id}`])).rows[0]).toEqual({ state: 'done' });
      // The same email's job again (a retry after a crash) sends nothing more.
      await ctx.app.queue.send('email-delivery', { emailId: id });
      await ctx.app.queue.drain();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await ctx.close();
      smtp.server.close();
    }

    const refusing = await createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      await refusing.db.transaction((tx) => refusing.app.deps.mailer.record(tx, { to: 'later@example.test', subject: 'Later', text: 'Retried.' }));
      await expect(refusing.app.queue.drain()).rejects.toThrow();
      const id = (await refusing.db.query<{ id: number }>("SELECT id FROM outbound_emails WHERE to_email = 'later@example.test'")).rows[0]!.id;
      // Not sent, not failed: released for the retry pg-boss schedules.
      const effect = (await refusing.db.query<{ state: string; started_at: string }>("SELECT state, started_at::text AS started_at FROM external_effects WHERE key = $1", [`email:${id}`])).rows[0]!;
      expect(effect).toEqual({ state: 'sending', started_at: '-infinity' });
      const job = (await refusing.db.query<{ state: string }>("SELECT state FROM pgboss.job WHERE name = 'email-delivery' AND data->>'emailId' = $1", [String(id)])).rows[0]!;
      expect(job.state).toBe('retry');
    } finally {
      await refusing.close();
    }
    // Two apps on fresh databases: slow on a loaded machine.
  }, 120_000);
});
