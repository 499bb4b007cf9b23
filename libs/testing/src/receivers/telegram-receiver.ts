import {
  hasContentType,
  HttpReceiver,
  RateLimiter,
  type Answer,
  type HandlerResult,
  type IncomingRequest,
  type RateLimit,
} from './http-receiver';

/** The bot token {@link startTelegramReceiver} accepts by default. */
export const TELEGRAM_TEST_TOKEN = '123456789:TEST-token_abcdefghijklmnopqrstuvwxyz';
/** Telegram's limit on a message's text (after entities are parsed). */
export const TELEGRAM_MAX_TEXT = 4096;
/** The HTML tags Telegram's `parse_mode: HTML` supports. */
export const TELEGRAM_HTML_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'blockquote',
  'tg-spoiler',
  'tg-emoji',
  'span',
] as const;

/** The outcome of parsing formatted text: the plain text, or Telegram's "can't parse entities" reason. */
export type TelegramParseResult = { ok: true; text: string } | { ok: false; error: string };

const byteOffset = (s: string, index: number): number => Buffer.byteLength(s.slice(0, index), 'utf8');

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/**
 * Parses `parse_mode: HTML` text as Telegram does: only the supported tags, properly nested and closed, `<` escaped
 * as `&lt;`; `<span>` only with class "tg-spoiler". Returns the plain text or the reason Telegram gives.
 */
export function parseTelegramHtml(html: string): TelegramParseResult {
  const allowed = new Set<string>(TELEGRAM_HTML_TAGS);
  const stack: string[] = [];
  let text = '';
  let i = 0;
  while (i < html.length) {
    const c = html[i] as string;
    if (c === '<') {
      const end = html.indexOf('>', i);
      if (end < 0) return { ok: false, error: `Unclosed start tag at byte offset ${byteOffset(html, i)}` };
      const inner = html.slice(i + 1, end);
      if (inner.startsWith('/')) {
        const name = inner.slice(1).trim().toLowerCase();
        const open = stack.pop();
        if (open === undefined) {
          return { ok: false, error: `Unexpected end tag at byte offset ${byteOffset(html, i)}` };
        }
        if (open !== name) {
          return {
            ok: false,
            error: `Unmatched end tag at byte offset ${byteOffset(html, i)}, expected "</${open}>", found "</${name}>"`,
          };
        }
      } else {
        const match = /^([a-zA-Z][a-zA-Z0-9-]*)(\s[\s\S]*)?$/.exec(inner);
        const name = match?.[1]?.toLowerCase() ?? '';
        if (!match || !allowed.has(name) || inner.endsWith('/')) {
          return { ok: false, error: `Unsupported start tag "${name || inner}" at byte offset ${byteOffset(html, i)}` };
        }
        const attributes = parseAttributes(match[2] ?? '');
        if (name === 'span' && attributes.class !== 'tg-spoiler') {
          return { ok: false, error: `Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(html, i)}` };
        }
        if (name === 'tg-emoji' && !attributes['emoji-id']) {
          return {
            ok: false,
            error: `Tag "tg-emoji" must have attribute "emoji-id" at byte offset ${byteOffset(html, i)}`,
          };
        }
        stack.push(name);
      }
      i = end + 1;
    } else if (c === '&') {
      const entity = /^&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]+);/.exec(html.slice(i, i + 12));
      const name = entity?.[1];
      if (entity && name !== undefined && (name.startsWith('#') || NAMED_ENTITIES[name] !== undefined)) {
        const code = name.startsWith('#x')
          ? parseInt(name.slice(2), 16)
          : name.startsWith('#')
            ? parseInt(name.slice(1), 10)
            : undefined;
        text += code === undefined ? (NAMED_ENTITIES[name] as string) : String.fromCodePoint(Math.min(code, 0x10ffff));
        i += entity[0].length;
      } else {
        text += '&';
        i += 1;
      }
    } else {
      text += c;
      i += 1;
    }
  }
  const open = stack.pop();
  if (open !== undefined) return { ok: false, error: `Can't find end tag corresponding to start tag "${open}"` };
  return { ok: true, text };
}

function parseAttributes(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([a-zA-Z][a-zA-Z0-9-]*)(?:\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = m[1];
    if (name) out[name.toLowerCase()] = m[3] ?? m[4] ?? m[5] ?? '';
  }
  return out;
}

const MARKDOWN_V2_RESERVED = new Set('_*[]()~`>#+-=|{}.!'.split(''));
const ENTITY_NAMES: Record<string, string> = {
  '*': 'Bold',
  _: 'Italic',
  __: 'Underline',
  '~': 'Strikethrough',
  '||': 'Spoiler',
  '[': 'TextUrl',
};

/**
 * Parses `parse_mode: MarkdownV2` text as Telegram does: every reserved character (`_*[]()~\`>#+-=|{}.!`) outside
 * entities must be escaped with `\`, entities must be closed and properly nested. Returns the plain text or the
 * reason Telegram gives (e.g. "Character '.' is reserved and must be escaped with the preceding '\'").
 */
export function parseTelegramMarkdownV2(md: string): TelegramParseResult {
  const stack: { marker: string; index: number }[] = [];
  let text = '';
  let i = 0;
  const reserved = (c: string): TelegramParseResult => ({
    ok: false,
    error: `Character '${c}' is reserved and must be escaped with the preceding '\\'`,
  });
  const toggle = (marker: string): TelegramParseResult | undefined => {
    const top = stack[stack.length - 1];
    if (top?.marker === marker) {
      stack.pop();
      return undefined;
    }
    if (stack.some((s) => s.marker === marker)) {
      return {
        ok: false,
        error: `Can't find end of ${ENTITY_NAMES[marker]} entity at byte offset ${byteOffset(md, i)}`,
      };
    }
    stack.push({ marker, index: i });
    return undefined;
  };
  while (i < md.length) {
    const c = md[i] as string;
    const next = md[i + 1];
    if (c === '\\') {
      if (next === undefined) return reserved('\\');
      text += next;
      i += 2;
      continue;
    }
    if (c === '`') {
      const fence = md.startsWith('```', i);
      const open = fence ? 3 : 1;
      let j = i + open;
      let inner = '';
      let closed = false;
      while (j < md.length) {
        const d = md[j] as string;
        if (d === '\\' && j + 1 < md.length) {
          inner += md[j + 1];
          j += 2;
          continue;
        }
        if (fence ? md.startsWith('```', j) : d === '`') {
          closed = true;
          break;
        }
        inner += d;
        j += 1;
      }
      if (!closed) {
        return {
          ok: false,
          error: `Can't find end of ${fence ? 'PreCode' : 'Code'} entity at byte offset ${byteOffset(md, i)}`,
        };
      }
      if (fence && /^[^\s`]*\n/.test(inner)) inner = inner.slice(inner.indexOf('\n') + 1);
      text += inner;
      i = j + open;
      continue;
    }
    if (c === '*' || c === '~') {
      const failure = toggle(c);
      if (failure) return failure;
      i += 1;
      continue;
    }
    if (c === '_') {
      const marker = next === '_' ? '__' : '_';
      const failure = toggle(marker);
      if (failure) return failure;
      i += marker.length;
      continue;
    }
    if (c === '|') {
      if (next !== '|') return reserved('|');
      const failure = toggle('||');
      if (failure) return failure;
      i += 2;
      continue;
    }
    if (c === '[' || (c === '!' && next === '[')) {
      stack.push({ marker: '[', index: i });
      i += c === '!' ? 2 : 1;
      continue;
    }
    if (c === ']') {
      const top = stack[stack.length - 1];
      if (top?.marker !== '[') return reserved(']');
      stack.pop();
      i += 1;
      if (md[i] === '(') {
        let j = i + 1;
        let closed = false;
        while (j < md.length) {
          if (md[j] === '\\') {
            j += 2;
            continue;
          }
          if (md[j] === ')') {
            closed = true;
            break;
          }
          j += 1;
        }
        if (!closed) return { ok: false, error: `Can't find end of a URL at byte offset ${byteOffset(md, i)}` };
        i = j + 1;
      }
      continue;
    }
    if (c === '>' && (i === 0 || md[i - 1] === '\n')) {
      i += 1;
      continue;
    }
    if (MARKDOWN_V2_RESERVED.has(c)) return reserved(c);
    text += c;
    i += 1;
  }
  const open = stack[stack.length - 1];
  if (open) {
    return {
      ok: false,
      error: `Can't find end of ${ENTITY_NAMES[open.marker]} entity at byte offset ${byteOffset(md, open.index)}`,
    };
  }
  return { ok: true, text };
}

/**
 * Parses legacy `parse_mode: Markdown` text: `*bold*`, `_italic_`, `` `code` ``, ```` ```pre``` ````, `[text](url)`
 * must be closed. Returns the plain text or Telegram's reason.
 */
export function parseTelegramMarkdown(md: string): TelegramParseResult {
  let text = '';
  let i = 0;
  while (i < md.length) {
    const c = md[i] as string;
    if (c === '\\' && i + 1 < md.length && '_*`['.includes(md[i + 1] as string)) {
      text += md[i + 1];
      i += 2;
      continue;
    }
    const closer =
      c === '*' || c === '_' ? c : c === '`' ? (md.startsWith('```', i) ? '```' : '`') : c === '[' ? ']' : '';
    if (!closer) {
      text += c;
      i += 1;
      continue;
    }
    const start = i + (closer === '```' ? 3 : 1);
    const end = md.indexOf(closer, start);
    if (end < 0) {
      return { ok: false, error: `Can't find end of the entity starting at byte offset ${byteOffset(md, i)}` };
    }
    text += md.slice(start, end);
    i = end + closer.length;
    if (closer === ']' && md[i] === '(') {
      const close = md.indexOf(')', i);
      if (close < 0) return { ok: false, error: `Can't find end of a URL at byte offset ${byteOffset(md, i)}` };
      i = close + 1;
    }
  }
  return { ok: true, text };
}

/** Options of {@link startTelegramReceiver}. */
export interface TelegramReceiverOptions {
  /** The bot token requests must use; default {@link TELEGRAM_TEST_TOKEN}. */
  token?: string;
  /** When given, only these chats exist; others answer "chat not found". */
  chats?: (string | number)[];
  /** Flood control per chat (429 with `retry_after`); default off. */
  rateLimit?: RateLimit | false;
  /** Bodies larger than this are answered 413; default 1 MiB. */
  maxBodyBytes?: number;
}

/** A message the bot "sent": what the request asked for and the plain text after parsing. */
export interface TelegramSentMessage {
  messageId: number;
  chatId: string | number;
  text: string;
  parseMode: string | undefined;
  plainText: string;
  body: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A Telegram Bot API look-alike (`POST /bot<token>/sendMessage`, also `getMe`) on loopback, answering like Telegram:
 * 401 Unauthorized for a wrong token, 400 "Bad Request: ..." for a missing chat, empty or too long text and
 * unparsable HTML / MarkdownV2 entities, 429 "Too Many Requests: retry after N" when scripted or rate limited.
 */
export class TelegramReceiver extends HttpReceiver {
  /** The bot token requests must use. */
  readonly token: string;
  private readonly chats: Set<string> | undefined;
  private readonly limiter: RateLimiter | undefined;
  private readonly sentMessages: TelegramSentMessage[] = [];
  private nextMessageId = 1;

  private constructor(options: TelegramReceiverOptions) {
    super({ name: 'telegram receiver', maxBodyBytes: options.maxBodyBytes });
    this.token = options.token ?? TELEGRAM_TEST_TOKEN;
    this.chats = options.chats ? new Set(options.chats.map(String)) : undefined;
    this.limiter = options.rateLimit ? new RateLimiter(options.rateLimit) : undefined;
  }

  /** Starts a Bot API look-alike on 127.0.0.1 (port chosen by the OS). */
  static override async start(options: TelegramReceiverOptions = {}): Promise<TelegramReceiver> {
    const receiver = new TelegramReceiver(options);
    await receiver.listen();
    return receiver;
  }

  /** `http://127.0.0.1:<port>`, the API base the bot client should use instead of https://api.telegram.org. */
  get baseUrl(): string {
    return this.url();
  }

  /** `<baseUrl>/bot<token>/<method>`. */
  methodUrl(method: string, token = this.token): string {
    return this.url(`/bot${token}/${method}`);
  }

  /** Messages accepted, in order. */
  messages(): TelegramSentMessage[] {
    return [...this.sentMessages];
  }

  /** Scripts one 429 like Telegram's flood control. */
  rateLimitNext(retryAfterSeconds: number): void {
    this.answerNext(tooManyRequests(retryAfterSeconds));
  }

  protected override onReset(): void {
    this.limiter?.reset();
    this.sentMessages.length = 0;
  }

  protected override tooLarge(): Answer {
    return { status: 413, body: { ok: false, error_code: 413, description: 'Request Entity Too Large' } };
  }

  protected override inspect(request: IncomingRequest): string[] {
    return this.check(request).problems ?? [];
  }

  protected override handle(request: IncomingRequest): HandlerResult {
    const result = this.check(request);
    if (result.status !== 200 || result.method !== 'sendMessage' || !result.message) return result;
    const { chatId, body, text, parseMode, plainText } = result.message;
    if (this.limiter) {
      const decision = this.limiter.take(String(chatId));
      if (!decision.allowed) {
        return { ...tooManyRequests(decision.resetAfterMs / 1000), problems: [], notes: { rateLimited: true } };
      }
    }
    const messageId = this.nextMessageId++;
    this.sentMessages.push({ messageId, chatId, text, parseMode, plainText, body });
    const numeric = typeof chatId === 'string' && /^-?\d+$/.test(chatId) ? Number(chatId) : chatId;
    const isChannel = typeof numeric === 'string' || numeric < 0;
    return {
      status: 200,
      body: {
        ok: true,
        result: {
          message_id: messageId,
          from: { id: this.botId(), is_bot: true, first_name: 'GSM Test Bot', username: 'gsm_test_bot' },
          chat: isChannel
            ? { id: numeric, type: 'channel', title: 'Test channel' }
            : { id: numeric, type: 'private', first_name: 'Test' },
          date: Math.floor(Date.now() / 1000),
          text: plainText,
        },
      },
      problems: [],
      notes: { chatId: String(chatId), messageId },
    };
  }

  private botId(): number {
    return Number(this.token.split(':')[0]) || 1;
  }

  private check(request: IncomingRequest): HandlerResult & {
    method?: string;
    message?: Omit<TelegramSentMessage, 'messageId'>;
  } {
    const bad = (description: string, problem = description): HandlerResult => ({
      status: 400,
      body: { ok: false, error_code: 400, description: `Bad Request: ${description}` },
      problems: [problem],
    });
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.path);
    if (!match) {
      return {
        status: 404,
        body: { ok: false, error_code: 404, description: 'Not Found' },
        problems: [`not a Bot API path: ${request.path}`],
      };
    }
    if (match[1] !== this.token) {
      return {
        status: 401,
        body: { ok: false, error_code: 401, description: 'Unauthorized' },
        problems: ['wrong bot token'],
      };
    }
    const method = match[2] ?? '';
    if (method === 'getMe') {
      return {
        status: 200,
        method,
        body: {
          ok: true,
          result: { id: this.botId(), is_bot: true, first_name: 'GSM Test Bot', username: 'gsm_test_bot' },
        },
        problems: [],
      };
    }
    if (method !== 'sendMessage') {
      return {
        status: 404,
        body: { ok: false, error_code: 404, description: 'Not Found' },
        problems: [`unsupported method ${method}`],
      };
    }
    let body: Json;
    if (hasContentType(request.headers, 'application/x-www-form-urlencoded')) {
      body = Object.fromEntries(new URLSearchParams(request.rawBody));
    } else if (request.rawBody.trim() === '') {
      body = Object.fromEntries(request.query);
    } else if (isObject(request.json) && hasContentType(request.headers, 'application/json')) {
      body = request.json;
    } else {
      return bad(
        "can't parse request JSON object",
        `the body must be a JSON object sent as application/json (content-type ${request.headers['content-type'] ?? 'none'})`,
      );
    }
    const chatId = body.chat_id;
    if (chatId === undefined || chatId === null || chatId === '') {
      return bad('chat_id is empty', 'missing chat_id');
    }
    if (typeof chatId !== 'number' && typeof chatId !== 'string')
      return bad('chat not found', 'chat_id has a wrong type');
    if (typeof chatId === 'number' && !Number.isInteger(chatId))
      return bad('chat not found', 'chat_id is not an integer');
    if (typeof chatId === 'string' && !/^(-?\d+|@[A-Za-z][A-Za-z0-9_]{3,})$/.test(chatId)) {
      return bad('chat not found', `chat_id "${chatId}" is neither a number nor @username`);
    }
    if (this.chats && !this.chats.has(String(chatId))) return bad('chat not found', `unknown chat ${chatId}`);
    const text = body.text;
    if (text !== undefined && typeof text !== 'string') return bad('message text is empty', 'text is not a string');
    const parseMode = body.parse_mode;
    if (parseMode !== undefined && typeof parseMode !== 'string') return bad('unsupported parse_mode');
    let parsed: TelegramParseResult = { ok: true, text: text ?? '' };
    const mode = parseMode?.toLowerCase();
    if (mode === 'html') parsed = parseTelegramHtml(text ?? '');
    else if (mode === 'markdownv2') parsed = parseTelegramMarkdownV2(text ?? '');
    else if (mode === 'markdown') parsed = parseTelegramMarkdown(text ?? '');
    else if (mode !== undefined && mode !== '')
      return bad('unsupported parse_mode', `unsupported parse_mode ${parseMode}`);
    if (!parsed.ok) return bad(`can't parse entities: ${parsed.error}`);
    if (parsed.text.trim() === '') return bad('message text is empty');
    if (parsed.text.length > TELEGRAM_MAX_TEXT) {
      return bad('message is too long', `text is ${parsed.text.length} characters, more than ${TELEGRAM_MAX_TEXT}`);
    }
    return {
      status: 200,
      method,
      problems: [],
      message: { chatId, body, text: text ?? '', parseMode, plainText: parsed.text },
    };
  }
}

function tooManyRequests(retryAfterSeconds: number): Answer {
  const n = Math.max(1, Math.ceil(retryAfterSeconds));
  return {
    status: 429,
    headers: { 'retry-after': String(n) },
    body: {
      ok: false,
      error_code: 429,
      description: `Too Many Requests: retry after ${n}`,
      parameters: { retry_after: n },
    },
  };
}

/** Starts a {@link TelegramReceiver}; point the bot client's API base at `receiver.baseUrl`. */
export function startTelegramReceiver(options: TelegramReceiverOptions = {}): Promise<TelegramReceiver> {
  return TelegramReceiver.start(options);
}
