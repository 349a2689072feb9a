// smtp-server and mailparser ship no declarations; the part the tests' local SMTP server uses.
declare module 'smtp-server' {
  import type { Readable } from 'node:stream';
  interface SMTPServerOptions {
    authOptional?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    onData?(
      stream: Readable,
      session: { envelope: { rcptTo: { address: string }[] } },
      callback: (error?: Error | null) => void,
    ): void;
  }
  export class SMTPServer {
    constructor(options: SMTPServerOptions);
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
    server: import('node:net').Server;
  }
}

declare module 'mailparser' {
  import type { Readable } from 'node:stream';
  interface AddressObject {
    value: { address?: string; name: string }[];
    text: string;
  }
  interface ParsedMail {
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    replyTo?: AddressObject;
    text?: string;
    html: string | false;
    messageId?: string;
  }
  export function simpleParser(source: Readable | Buffer | string): Promise<ParsedMail>;
}
