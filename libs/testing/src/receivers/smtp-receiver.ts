import { type AddressInfo, type Socket } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { Arrivals } from './http-receiver';

/** An e-mail the receiver got, parsed. */
export interface ReceivedEmail {
  /** `Date.now()` when the message was in. */
  at: number;
  /** The From header's address. */
  from: string;
  /** The From header's display name ('' when none). */
  fromName: string;
  /** The To header's addresses (groups flattened). */
  to: string[];
  /** The Cc header's addresses. */
  cc: string[];
  subject: string;
  /** The text part ('' when none). */
  text: string;
  /** The HTML part ('' when none). */
  html: string;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The message as transmitted. */
  raw: string;
  /** The SMTP envelope (MAIL FROM, RCPT TO), which may differ from the headers (Bcc). */
  envelope: { mailFrom: string; rcptTo: string[] };
  /** The user that authenticated, when AUTH was required. */
  authUser: string | undefined;
  /** Names of attachments (or their MIME type when unnamed). */
  attachments: string[];
}

/** Options of {@link startSmtpReceiver}. */
export interface SmtpReceiverOptions {
  /** When user and password are given, AUTH PLAIN/LOGIN is required and other credentials get 535. */
  user?: string;
  password?: string;
  /** Largest message accepted (SIZE); default 10 MiB. */
  maxMessageBytes?: number;
}

interface Rejection {
  code: number;
  message: string;
}

type MailAddress = PostalMime.Address;

function addresses(list: MailAddress[] | undefined): string[] {
  const out: string[] = [];
  for (const a of list ?? []) {
    if (a.group) out.push(...a.group.map((m) => m.address));
    else if (a.address) out.push(a.address);
  }
  return out;
}

const describeEmail = (m: ReceivedEmail): string =>
  `from ${m.from} to ${m.to.join(', ') || m.envelope.rcptTo.join(', ')} subject ${JSON.stringify(m.subject)}`;

/**
 * A loopback SMTP server (plain SMTP on 127.0.0.1, no TLS) that parses every message it accepts. It can require
 * AUTH, refuse the next messages with a temporary (or permanent) failure, and go down (connections refused) and
 * come back on the same port.
 */
export class SmtpReceiver {
  /** The host to configure: always 127.0.0.1. */
  readonly host = '127.0.0.1';
  /** Messages refused by `rejectNext`, parsed, in order. */
  readonly rejected: ReceivedEmail[] = [];
  /** Failed AUTH attempts. */
  authFailures = 0;
  /** Errors the SMTP server reported (client resets and the like). */
  readonly errors: Error[] = [];
  private readonly arrivals = new Arrivals<ReceivedEmail>('smtp receiver', describeEmail);
  private readonly rejections: Rejection[] = [];
  private readonly sockets = new Set<Socket>();
  private boundPort = 0;
  private down = true;
  private closed = false;

  private constructor(
    private readonly server: SMTPServer,
    /** True when AUTH is required. */
    readonly requiresAuth: boolean,
  ) {
    server.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('error', (error: Error) => this.errors.push(error));
  }

  /** Starts the SMTP server on 127.0.0.1 (port chosen by the OS). */
  static async start(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
    const credentials =
      options.user !== undefined || options.password !== undefined
        ? { user: options.user ?? '', password: options.password ?? '' }
        : undefined;
    const holder: { receiver?: SmtpReceiver } = {};
    const server = new SMTPServer({
      secure: false,
      logger: false,
      banner: 'GSM test SMTP receiver',
      disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !credentials,
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      size: options.maxMessageBytes ?? 10 * 1024 * 1024,
      onAuth: (auth, _session, callback) => {
        if (credentials && auth.username === credentials.user && auth.password === credentials.password) {
          callback(null, { user: auth.username });
          return;
        }
        if (holder.receiver) holder.receiver.authFailures += 1;
        callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
      },
      onData: (stream, session, callback) => {
        const receiver = holder.receiver;
        if (!receiver) {
          stream.resume();
          callback(Object.assign(new Error('not ready'), { responseCode: 421 }));
          return;
        }
        receiver.onData(stream, session).then(
          (rejection) =>
            callback(rejection ? Object.assign(new Error(rejection.message), { responseCode: rejection.code }) : null),
          (error: unknown) =>
            callback(Object.assign(new Error(`could not read the message: ${String(error)}`), { responseCode: 451 })),
        );
      },
    });
    const receiver = new SmtpReceiver(server, credentials !== undefined);
    holder.receiver = receiver;
    await receiver.listen(0);
    return receiver;
  }

  /** The port listened on (kept while down, so `comeBack` reuses it). */
  get port(): number {
    return this.boundPort;
  }

  /** Accepted messages in arrival order. */
  get messages(): ReceivedEmail[] {
    return this.arrivals.items;
  }

  /** Resolves with the first matching accepted message, received already or later; rejects after `timeoutMs`. */
  waitForMessage(predicate: (m: ReceivedEmail) => boolean = () => true, timeoutMs = 10_000): Promise<ReceivedEmail> {
    return this.arrivals.waitFor(predicate, timeoutMs);
  }

  /** Resolves with the first `count` matching accepted messages once that many are in; rejects after `timeoutMs`. */
  waitForMessages(
    predicate: (m: ReceivedEmail) => boolean,
    count: number,
    timeoutMs = 10_000,
  ): Promise<ReceivedEmail[]> {
    return this.arrivals.waitForCount(predicate, count, timeoutMs);
  }

  /**
   * Answers the next DATA with `code` (451 temporary by default; 5xx for a permanent failure) instead of accepting
   * the message. Calls queue up.
   */
  rejectNext(code = 451, message = 'Requested action aborted: local error in processing, try again later'): void {
    this.rejections.push({ code, message });
  }

  /** Forgets messages, rejections and counters. */
  reset(): void {
    this.arrivals.clear();
    this.rejected.length = 0;
    this.rejections.length = 0;
    this.authFailures = 0;
    this.errors.length = 0;
  }

  /** True while not listening (after `goDown` or `close`). */
  get isDown(): boolean {
    return this.down;
  }

  /** A real outage: stops listening and destroys open connections, so clients get ECONNREFUSED. */
  async goDown(): Promise<void> {
    if (this.down) return;
    this.down = true;
    const closed = new Promise<void>((resolve) => this.server.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Listens again on the same port after `goDown`. */
  async comeBack(): Promise<void> {
    if (this.closed) throw new Error('smtp receiver: closed, it cannot come back');
    if (!this.down) return;
    await this.listen(this.boundPort);
  }

  /** Stops for good; pending waits are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.goDown();
    this.arrivals.failAll('smtp receiver: closed while a test was waiting for a message');
  }

  private async listen(port: number): Promise<void> {
    const net = this.server.server;
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      net.once('error', onError);
      net.listen(port, this.host, () => {
        net.off('error', onError);
        resolve();
      });
    });
    this.boundPort = (net.address() as AddressInfo).port;
    this.down = false;
  }

  private async onData(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<Rejection | undefined> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    if (stream.sizeExceeded) return { code: 552, message: 'Message exceeds the fixed maximum message size' };
    const parsed = await PostalMime.parse(raw);
    const headers: Record<string, string> = {};
    for (const h of parsed.headers)
      headers[h.key] = headers[h.key] === undefined ? h.value : `${headers[h.key]}, ${h.value}`;
    const from = parsed.from;
    const mailFrom = session.envelope.mailFrom;
    const email: ReceivedEmail = {
      at: Date.now(),
      from: from?.address ?? from?.group?.[0]?.address ?? '',
      fromName: from?.name ?? '',
      to: addresses(parsed.to),
      cc: addresses(parsed.cc),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html ?? '',
      headers,
      raw: raw.toString('utf8'),
      envelope: {
        mailFrom: mailFrom ? mailFrom.address : '',
        rcptTo: session.envelope.rcptTo.map((r) => r.address),
      },
      authUser: typeof session.user === 'string' ? (session.user as string) : undefined,
      attachments: parsed.attachments.map((a) => a.filename ?? a.mimeType),
    };
    const rejection = this.rejections.shift();
    if (rejection) {
      this.rejected.push(email);
      return rejection;
    }
    this.arrivals.add(email);
    return undefined;
  }
}

/** Starts an {@link SmtpReceiver}; configure the mailer with `host`, `port`, no TLS, and the credentials if given. */
export function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  return SmtpReceiver.start(options);
}
