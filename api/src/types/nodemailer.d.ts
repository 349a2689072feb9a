// nodemailer ships no types and @types/nodemailer is not installed; this is
// the small part the mailer uses.
declare module 'nodemailer' {
  interface SendMailOptions {
    from: string | { name: string; address: string };
    to: string;
    subject: string;
    text: string;
    html?: string;
    replyTo?: string;
    messageId?: string;
  }
  interface Transporter {
    sendMail(message: SendMailOptions): Promise<unknown>;
  }
  export function createTransport(url: string): Transporter;
}
