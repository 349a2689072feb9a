import { createMailer } from '../src/mail/mailer';
import { fakeSmtpServer } from './fakeSmtp';
import { createTestApp } from './helpers';

describe('mailer', () => {
  test('send() goes through SMTP_URL with nodemailer; a brand keeps the platform address under its own name', async () => {
    const smtp = await fakeSmtpServer();
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Platform <no-reply@platform.test>',
      });
      await mailer.send({ to: 'nora@example.test', subject: 'Your confirmation code', text: 'Your code is 123456.' });
      await mailer.send({
        to: 'nora@example.test',
        subject: 'Branded',
        text: 'Hi',
        html: '<p>Hi</p>',
        fromName: 'Riley Leads',
        replyTo: 'help@riley.test',
      });
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received[0]).toContain('To: nora@example.test');
      expect(smtp.received[0]).toContain('From: Platform <no-reply@platform.test>');
      expect(smtp.received[0]).toContain('Your code is 123456.');
      expect(smtp.received[1]).toContain('From: Riley Leads <no-reply@platform.test>');
      expect(smtp.received[1]).toContain('Reply-To: help@riley.test');
    } finally {
      smtp.server.close();
    }
  });

  test('a failure is thrown to the caller (the delivery job retries it)', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.test' });
    await expect(mailer.send({ to: 'a@b.test', subject: 's', text: 't' })).rejects.toThrow();
  });

  test('without SMTP_URL send() does nothing', async () => {
    await expect(
      createMailer({ smtpUrl: null, from: 'x@y.test' }).send({ to: 'a@b.test', subject: 's', text: 't' }),
    ).resolves.toBeUndefined();
  });
});

describe('the email outbox on the job queue', () => {
  test('an email recorded in a transaction is delivered once by its job, with a Message-ID from its key; a refused one is kept for a retry', async () => {
    const smtp = await fakeSmtpServer();
    const ctx = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      const { mailer } = ctx.app.deps;
      await ctx.db.transaction((tx) =>
        mailer.record(tx, { to: 'queued@example.test', subject: 'Queued', text: 'Sent by the outbox.' }),
      );
      // Nothing leaves inside the request: the job does it.
      expect(smtp.received).toHaveLength(0);
      await ctx.app.queue.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('To: queued@example.test');
      const id = (
        await ctx.db.query<{ id: number }>("SELECT id FROM outbound_emails WHERE to_email = 'queued@example.test'")
      ).rows[0]!.id;
      expect(smtp.received[0]).toContain(`Message-ID: <email-${id}@leadsmith.test>`);
      expect(
        (await ctx.db.query<{ state: string }>('SELECT state FROM external_effects WHERE key = $1', [`email:${id}`]))
          .rows[0],
      ).toEqual({ state: 'done' });
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
      await refusing.db.transaction((tx) =>
        refusing.app.deps.mailer.record(tx, { to: 'later@example.test', subject: 'Later', text: 'Retried.' }),
      );
      await expect(refusing.app.queue.drain()).rejects.toThrow();
      const id = (
        await refusing.db.query<{ id: number }>("SELECT id FROM outbound_emails WHERE to_email = 'later@example.test'")
      ).rows[0]!.id;
      // Not sent, not failed: released for the retry pg-boss schedules.
      const effect = (
        await refusing.db.query<{ state: string; started_at: string }>(
          'SELECT state, started_at::text AS started_at FROM external_effects WHERE key = $1',
          [`email:${id}`],
        )
      ).rows[0]!;
      expect(effect).toEqual({ state: 'sending', started_at: '-infinity' });
      const job = (
        await refusing.db.query<{ state: string }>(
          "SELECT state FROM pgboss.job WHERE name = 'email-delivery' AND data->>'emailId' = $1",
          [String(id)],
        )
      ).rows[0]!;
      expect(job.state).toBe('retry');
    } finally {
      await refusing.close();
    }
    // Two apps on fresh databases: slow on a loaded machine.
  }, 120_000);
});
