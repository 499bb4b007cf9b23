import {
  hasContentType,
  HttpReceiver,
  RateLimiter,
  type Answer,
  type HandlerResult,
  type IncomingRequest,
  type RateDecision,
  type RateLimit,
} from './http-receiver';

/** The webhook id of {@link DiscordReceiver.webhookUrl}. */
export const DISCORD_TEST_WEBHOOK_ID = '123456789012345678';
/** The webhook token of {@link DiscordReceiver.webhookUrl}. */
export const DISCORD_TEST_WEBHOOK_TOKEN = 'test-token-abc';

/** Discord's limits on a webhook message and its embeds. */
export const DISCORD_LIMITS = {
  content: 2000,
  username: 80,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  embedTotal: 6000,
  threadName: 100,
  url: 2048,
  color: 0xffffff,
} as const;

/** An embed field as Discord takes it. */
export interface DiscordEmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

/** An embed as Discord takes it (the parts the alerting service may send). */
export interface DiscordEmbed {
  title?: string;
  description?: string;
  url?: string;
  timestamp?: string;
  color?: number;
  footer?: { text: string; icon_url?: string };
  image?: { url: string };
  thumbnail?: { url: string };
  author?: { name: string; url?: string; icon_url?: string };
  fields?: DiscordEmbedField[];
}

/** The JSON body of Discord's execute-webhook call. */
export interface DiscordWebhookPayload {
  content?: string;
  username?: string;
  avatar_url?: string;
  tts?: boolean;
  embeds?: DiscordEmbed[];
  allowed_mentions?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One problem in Discord's `errors` tree: where it is, Discord's code and message. */
export interface DiscordFieldError {
  path: (string | number)[];
  code: string;
  message: string;
}

/** The outcome of {@link validateDiscordWebhookPayload}. */
export interface DiscordValidation {
  valid: boolean;
  /** Form errors (answered 400 code 50035 with the `errors` tree). */
  errors: DiscordFieldError[];
  /** Neither content nor embeds (answered 400 code 50006, "Cannot send an empty message"). */
  empty: boolean;
  /** Human-readable problems, one per error. */
  problems: string[];
}

/** Options of {@link startDiscordReceiver}. */
export interface DiscordReceiverOptions {
  /** Per-webhook bucket; default 5 requests per 2 s like Discord; `false` turns rate limiting off. */
  rateLimit?: RateLimit | false;
  /** The channel id put in returned message objects. */
  channelId?: string;
  /** Bodies larger than this are answered 413; default 1 MiB. */
  maxBodyBytes?: number;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const present = (v: unknown): boolean => v !== undefined && v !== null;
/** Discord counts characters as Unicode code points. */
const chars = (s: string): number => [...s].length;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

class Errors {
  readonly list: DiscordFieldError[] = [];

  add(path: (string | number)[], code: string, message: string): void {
    this.list.push({ path, code, message });
  }

  /** Checks an optional (or required) string; returns it when it is a string. */
  string(
    path: (string | number)[],
    value: unknown,
    limits: { max?: number; min?: number; required?: boolean; trim?: boolean },
  ): string | undefined {
    if (!present(value)) {
      if (limits.required) this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
      return undefined;
    }
    if (typeof value !== 'string') {
      this.add(path, 'BASE_TYPE_STRING', `Could not interpret "${JSON.stringify(value)}" as string.`);
      return undefined;
    }
    const n = chars(limits.trim ? value.trim() : value);
    if (limits.required && n === 0) {
      this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    } else if (limits.max !== undefined && (n > limits.max || (limits.min !== undefined && n < limits.min))) {
      if (limits.min !== undefined) {
        this.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${limits.min} and ${limits.max} in length.`);
      } else {
        this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${limits.max} or fewer in length.`);
      }
    }
    return value;
  }

  url(path: (string | number)[], value: unknown, schemes: string[] = ['http', 'https'], required = false): void {
    const s = this.string(path, value, { max: DISCORD_LIMITS.url, required });
    if (s === undefined) return;
    let parsed: URL;
    try {
      parsed = new URL(s);
    } catch {
      this.add(path, 'URL_TYPE_INVALID_URL', 'Not a well formed URL.');
      return;
    }
    const scheme = parsed.protocol.replace(/:$/, '');
    if (!schemes.includes(scheme)) {
      this.add(
        path,
        'URL_TYPE_INVALID_SCHEME',
        `Scheme "${scheme}" is not supported. Scheme must be one of (${schemes.map((x) => `'${x}'`).join(', ')}).`,
      );
    }
  }

  boolean(path: (string | number)[], value: unknown): void {
    if (present(value) && typeof value !== 'boolean')
      this.add(path, 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  }

  object(path: (string | number)[], value: unknown): value is Json {
    if (!present(value)) return false;
    if (!isObject(value)) {
      this.add(path, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return false;
    }
    return true;
  }

  array(path: (string | number)[], value: unknown, max: number): value is unknown[] {
    if (!present(value)) return false;
    if (!Array.isArray(value)) {
      this.add(path, 'BASE_TYPE_LIST', 'Only iterables may be used in a ListType');
      return false;
    }
    if (value.length > max) this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    return true;
  }
}

/** Validates one embed; returns its character count towards the 6000 total. */
function validateEmbed(errors: Errors, path: (string | number)[], embed: unknown): number {
  if (!errors.object(path, embed)) {
    if (!present(embed)) errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return 0;
  }
  const L = DISCORD_LIMITS;
  let total = 0;
  const count = (s: string | undefined): void => {
    if (s !== undefined) total += chars(s);
  };
  count(errors.string([...path, 'title'], embed.title, { max: L.title }));
  count(errors.string([...path, 'description'], embed.description, { max: L.description }));
  errors.url([...path, 'url'], embed.url);
  if (present(embed.timestamp)) {
    const t = embed.timestamp;
    if (typeof t !== 'string' || !ISO_8601.test(t) || Number.isNaN(Date.parse(t))) {
      errors.add([...path, 'timestamp'], 'DATE_TYPE_PARSE', `Could not parse ${JSON.stringify(t)}. Should be ISO8601.`);
    }
  }
  if (present(embed.color)) {
    const c = embed.color;
    if (typeof c !== 'number' || !Number.isInteger(c)) {
      errors.add([...path, 'color'], 'NUMBER_TYPE_COERCE', `Value "${String(c)}" is not int.`);
    } else if (c > L.color) {
      errors.add([...path, 'color'], 'NUMBER_TYPE_MAX', `int value should be less than or equal to ${L.color}.`);
    } else if (c < 0) {
      errors.add([...path, 'color'], 'NUMBER_TYPE_MIN', 'int value should be greater than or equal to 0.');
    }
  }
  if (errors.object([...path, 'footer'], embed.footer)) {
    count(errors.string([...path, 'footer', 'text'], embed.footer.text, { max: L.footerText, required: true }));
    errors.url([...path, 'footer', 'icon_url'], embed.footer.icon_url, ['http', 'https', 'attachment']);
  }
  if (errors.object([...path, 'author'], embed.author)) {
    count(errors.string([...path, 'author', 'name'], embed.author.name, { max: L.authorName, required: true }));
    errors.url([...path, 'author', 'url'], embed.author.url);
    errors.url([...path, 'author', 'icon_url'], embed.author.icon_url, ['http', 'https', 'attachment']);
  }
  for (const key of ['image', 'thumbnail'] as const) {
    const media = embed[key];
    if (errors.object([...path, key], media)) {
      errors.url([...path, key, 'url'], media.url, ['http', 'https', 'attachment'], true);
    }
  }
  if (errors.array([...path, 'fields'], embed.fields, L.fields)) {
    embed.fields.forEach((field, i) => {
      const at = [...path, 'fields', i];
      if (!errors.object(at, field)) {
        if (!present(field)) errors.add(at, 'BASE_TYPE_REQUIRED', 'This field is required');
        return;
      }
      count(errors.string([...at, 'name'], field.name, { max: L.fieldName, required: true, trim: true }));
      count(errors.string([...at, 'value'], field.value, { max: L.fieldValue, required: true, trim: true }));
      errors.boolean([...at, 'inline'], field.inline);
    });
  }
  return total;
}

/**
 * Validates an execute-webhook JSON body as Discord does (message and embed limits, the 6000-character total over
 * all embeds, types of the known fields). Unknown top-level keys are allowed.
 */
export function validateDiscordWebhookPayload(body: unknown): DiscordValidation {
  const errors = new Errors();
  let empty = false;
  if (!isObject(body)) {
    errors.add([], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
  } else {
    const L = DISCORD_LIMITS;
    const content = errors.string(['content'], body.content, { max: L.content });
    const username = errors.string(['username'], body.username, { min: 1, max: L.username });
    if (username !== undefined) {
      for (const banned of ['discord', 'clyde']) {
        if (username.toLowerCase().includes(banned)) {
          errors.add(['username'], 'USERNAME_INVALID_CONTAINS', `Username cannot contain "${banned}"`);
        }
      }
    }
    errors.url(['avatar_url'], body.avatar_url);
    errors.boolean(['tts'], body.tts);
    errors.string(['thread_name'], body.thread_name, { max: L.threadName });
    if (present(body.flags) && !Number.isInteger(body.flags)) {
      errors.add(['flags'], 'NUMBER_TYPE_COERCE', `Value "${String(body.flags)}" is not int.`);
    }
    if (errors.object(['allowed_mentions'], body.allowed_mentions)) {
      const parse = body.allowed_mentions.parse;
      if (errors.array(['allowed_mentions', 'parse'], parse, 3)) {
        parse.forEach((p, i) => {
          if (p !== 'roles' && p !== 'users' && p !== 'everyone') {
            errors.add(
              ['allowed_mentions', 'parse', i],
              'BASE_TYPE_CHOICES',
              `Value must be one of {'roles', 'users', 'everyone'}.`,
            );
          }
        });
      }
    }
    let embedCount = 0;
    if (errors.array(['embeds'], body.embeds, L.embeds)) {
      embedCount = body.embeds.length;
      let total = 0;
      body.embeds.forEach((embed, i) => {
        total += validateEmbed(errors, ['embeds', i], embed);
      });
      if (total > L.embedTotal) {
        errors.add(['embeds'], 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${L.embedTotal}`);
      }
    }
    const hasOther = ['attachments', 'components', 'poll', 'sticker_ids'].some(
      (k) => Array.isArray(body[k]) && (body[k] as unknown[]).length > 0,
    );
    empty = (content === undefined || content.trim() === '') && embedCount === 0 && !hasOther;
  }
  const problems = errors.list.map((e) => `${e.path.join('.') || '(body)'}: ${e.message} [${e.code}]`);
  if (empty) problems.push('Cannot send an empty message: neither content nor embeds [50006]');
  return { valid: problems.length === 0, errors: errors.list, empty, problems };
}

/** Discord's nested `errors` object for a 50035 answer. */
export function discordErrorTree(errors: DiscordFieldError[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const error of errors) {
    let node = root;
    for (const key of error.path) {
      const k = String(key);
      if (!isObject(node[k])) node[k] = {};
      node = node[k] as Record<string, unknown>;
    }
    if (!Array.isArray(node._errors)) node._errors = [];
    (node._errors as unknown[]).push({ code: error.code, message: error.message });
  }
  return root;
}

const WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)\/?$/;
const DISCORD_EPOCH = 1_420_070_400_000n;

/**
 * Discord's execute-webhook route (`POST /api/webhooks/:id/:token[?wait=true]`) on loopback, validating bodies
 * like Discord (400 code 50035 with the `errors` tree, 50006 for an empty message, 50109 for invalid JSON),
 * answering 404 code 10015 for an unknown webhook and 401 code 50027 for a wrong token, and rate limiting each
 * webhook like Discord (429 with `retry_after`, `retry-after` and `x-ratelimit-*` headers).
 */
export class DiscordReceiver extends HttpReceiver {
  private readonly webhooks = new Map<string, string>([[DISCORD_TEST_WEBHOOK_ID, DISCORD_TEST_WEBHOOK_TOKEN]]);
  private readonly limiter: RateLimiter | undefined;
  private readonly channelId: string;
  private sequence = 0;

  private constructor(options: DiscordReceiverOptions) {
    super({ name: 'discord receiver', maxBodyBytes: options.maxBodyBytes });
    const limit = options.rateLimit === undefined ? { requests: 5, perMs: 2000 } : options.rateLimit;
    this.limiter = limit ? new RateLimiter(limit) : undefined;
    this.channelId = options.channelId ?? '876543210987654321';
  }

  /** Starts a Discord look-alike on 127.0.0.1 (port chosen by the OS). */
  static override async start(options: DiscordReceiverOptions = {}): Promise<DiscordReceiver> {
    const receiver = new DiscordReceiver(options);
    await receiver.listen();
    return receiver;
  }

  /** `http://127.0.0.1:<port>/api/webhooks/123456789012345678/test-token-abc`. */
  get webhookUrl(): string {
    return this.webhookUrlFor(DISCORD_TEST_WEBHOOK_ID, DISCORD_TEST_WEBHOOK_TOKEN);
  }

  /** Registers a webhook (its own rate-limit bucket) and returns its URL. */
  webhookUrlFor(id: string, token: string): string {
    this.webhooks.set(id, token);
    return this.url(`/api/webhooks/${encodeURIComponent(id)}/${encodeURIComponent(token)}`);
  }

  /** Deletes a webhook, as if someone removed it in Discord: its URL now answers 404 Unknown Webhook. */
  forgetWebhook(id: string): void {
    this.webhooks.delete(id);
  }

  /** The parsed bodies of accepted (2xx) requests, in arrival order. */
  messages(): DiscordWebhookPayload[] {
    return this.accepted()
      .filter((r) => isObject(r.json))
      .map((r) => r.json as DiscordWebhookPayload);
  }

  /** Scripts one 429 like Discord's (`retry_after` in the body, `retry-after` and `x-ratelimit-*` headers). */
  rateLimitNext(retryAfterSeconds: number, options: { global?: boolean } = {}): void {
    this.answerNext(rateLimitedAnswer(retryAfterSeconds, 5, options.global ?? false));
  }

  protected override onReset(): void {
    this.limiter?.reset();
  }

  protected override tooLarge(): Answer {
    return { status: 413, body: { message: 'Request entity too large', code: 40005 } };
  }

  protected override inspect(request: IncomingRequest): string[] {
    const route = this.route(request);
    if (route.problem) return [route.problem];
    return this.validate(request).problems;
  }

  protected override handle(request: IncomingRequest): HandlerResult {
    const route = this.route(request);
    if (route.answer) return { ...route.answer, problems: [route.problem ?? 'bad route'] };
    const webhookId = route.webhookId ?? '';
    const notes = { webhookId };
    let decision: RateDecision | undefined;
    if (this.limiter) {
      decision = this.limiter.take(webhookId);
      if (!decision.allowed) {
        const answer = rateLimitedAnswer(decision.resetAfterMs / 1000, decision.limit, false, decision, webhookId);
        return { ...answer, problems: [], notes: { ...notes, rateLimited: true } };
      }
    }
    const headers = decision ? rateLimitHeaders(decision, webhookId) : {};
    const check = this.validate(request);
    if (check.answer) return { ...check.answer, headers, problems: check.problems, notes };
    const body = request.json as DiscordWebhookPayload;
    const wait = ['true', '1'].includes((request.query.get('wait') ?? '').toLowerCase());
    if (!wait) return { status: 204, headers, problems: [], notes };
    return { status: 200, headers, body: this.messageObject(webhookId, body), problems: [], notes };
  }

  private route(request: IncomingRequest): {
    webhookId?: string;
    problem?: string;
    answer?: Answer;
  } {
    const match = WEBHOOK_PATH.exec(request.path);
    const id = match?.[1] ? decodeURIComponent(match[1]) : undefined;
    const token = match?.[2] ? decodeURIComponent(match[2]) : undefined;
    const known = id === undefined ? undefined : this.webhooks.get(id);
    if (id === undefined || known === undefined) {
      return {
        problem: `unknown webhook ${request.path}`,
        answer: { status: 404, body: { message: 'Unknown Webhook', code: 10015 } },
      };
    }
    if (token !== known) {
      return {
        problem: `wrong token for webhook ${id}`,
        answer: { status: 401, body: { message: 'Invalid Webhook Token', code: 50027 } },
      };
    }
    if (request.method !== 'POST') {
      return {
        problem: `method ${request.method} (execute webhook is POST)`,
        answer: { status: 405, body: { message: '405: Method Not Allowed', code: 0 } },
      };
    }
    return { webhookId: id };
  }

  private validate(request: IncomingRequest): { problems: string[]; answer?: Answer } {
    if (!hasContentType(request.headers, 'application/json')) {
      return {
        problems: [`content-type must be application/json, got ${request.headers['content-type'] ?? 'none'}`],
        answer: { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } },
      };
    }
    if (request.jsonError !== undefined || request.rawBody.trim() === '') {
      return {
        problems: [`the body is not JSON: ${request.jsonError ?? 'empty body'}`],
        answer: { status: 400, body: { message: 'The request body contains invalid JSON.', code: 50109 } },
      };
    }
    const v = validateDiscordWebhookPayload(request.json);
    if (v.valid) return { problems: [] };
    if (v.errors.length === 0) {
      return {
        problems: v.problems,
        answer: { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } },
      };
    }
    return {
      problems: v.problems,
      answer: {
        status: 400,
        body: { code: 50035, message: 'Invalid Form Body', errors: discordErrorTree(v.errors) },
      },
    };
  }

  private messageObject(webhookId: string, body: DiscordWebhookPayload): Record<string, unknown> {
    const now = Date.now();
    this.sequence += 1;
    const id = (((BigInt(now) - DISCORD_EPOCH) << 22n) | BigInt(this.sequence % 4096)).toString();
    return {
      id,
      type: 0,
      channel_id: this.channelId,
      content: body.content ?? '',
      embeds: (body.embeds ?? []).map((e) => ({ type: 'rich', ...e })),
      attachments: [],
      mentions: [],
      mention_roles: [],
      pinned: false,
      mention_everyone: false,
      tts: body.tts ?? false,
      timestamp: new Date(now).toISOString(),
      edited_timestamp: null,
      flags: 0,
      components: [],
      webhook_id: webhookId,
      author: {
        id: webhookId,
        username: body.username ?? 'GSM Alerts',
        avatar: null,
        discriminator: '0000',
        bot: true,
      },
    };
  }
}

function rateLimitHeaders(decision: RateDecision, bucket: string): Record<string, string> {
  return {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': (decision.resetAt / 1000).toFixed(3),
    'x-ratelimit-reset-after': (decision.resetAfterMs / 1000).toFixed(3),
    'x-ratelimit-bucket': Buffer.from(`webhook:${bucket}`).toString('hex').slice(0, 32),
  };
}

function rateLimitedAnswer(
  retryAfterSeconds: number,
  limit: number,
  global: boolean,
  decision?: RateDecision,
  bucket = DISCORD_TEST_WEBHOOK_ID,
): Answer {
  const retryAfter = Math.max(0, Math.round(retryAfterSeconds * 1000) / 1000);
  const now = Date.now();
  const base = decision ?? {
    allowed: false,
    limit,
    remaining: 0,
    resetAfterMs: retryAfter * 1000,
    resetAt: now + retryAfter * 1000,
  };
  const headers: Record<string, string> = {
    ...rateLimitHeaders(base, bucket),
    'retry-after': String(Math.ceil(retryAfter)),
    'x-ratelimit-scope': global ? 'global' : 'user',
  };
  if (global) headers['x-ratelimit-global'] = 'true';
  return {
    status: 429,
    headers,
    body: { message: 'You are being rate limited.', retry_after: retryAfter, global },
  };
}

/** Starts a {@link DiscordReceiver}; `receiver.webhookUrl` is the URL to configure. */
export function startDiscordReceiver(options: DiscordReceiverOptions = {}): Promise<DiscordReceiver> {
  return DiscordReceiver.start(options);
}
