import { hasContentType, HttpReceiver, type HandlerResult, type IncomingRequest } from './http-receiver';

/** The path of {@link SlackReceiver.webhookUrl}. */
export const SLACK_TEST_WEBHOOK_PATH = '/services/T000/B000/XXXX';

/** Slack's limits on an incoming-webhook message. */
export const SLACK_LIMITS = {
  blocks: 50,
  sectionText: 3000,
  sectionFields: 10,
  sectionFieldText: 2000,
  headerText: 150,
  contextElements: 10,
  actionsElements: 25,
  blockId: 255,
  altText: 2000,
  imageUrl: 3000,
} as const;

/** Slack's error words: `no_text` (neither text nor blocks), `invalid_blocks`, `invalid_payload` (not a JSON object). */
export type SlackError = 'no_text' | 'invalid_blocks' | 'invalid_payload';

/** The outcome of {@link validateSlackWebhookPayload}. */
export interface SlackValidation {
  /** The word Slack answers with, when invalid. */
  error: SlackError | undefined;
  problems: string[];
}

/** The JSON body of a Slack incoming-webhook call. */
export interface SlackWebhookPayload {
  text?: string;
  blocks?: Record<string, unknown>[];
  attachments?: Record<string, unknown>[];
  [key: string]: unknown;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkTextObject(
  problems: string[],
  at: string,
  value: unknown,
  max: number,
  types: string[] = ['plain_text', 'mrkdwn'],
): void {
  if (!isObject(value)) {
    problems.push(`${at}: must be a text object ({type, text})`);
    return;
  }
  if (typeof value.type !== 'string' || !types.includes(value.type)) {
    problems.push(`${at}.type: must be ${types.join(' or ')}, got ${JSON.stringify(value.type)}`);
  }
  if (typeof value.text !== 'string' || value.text.length === 0) {
    problems.push(`${at}.text: must be a non-empty string`);
  } else if (value.text.length > max) {
    problems.push(`${at}.text: ${value.text.length} characters, more than ${max}`);
  }
}

function checkBlock(problems: string[], at: string, block: unknown): void {
  const L = SLACK_LIMITS;
  if (!isObject(block)) {
    problems.push(`${at}: a block must be an object`);
    return;
  }
  if (block.block_id !== undefined && (typeof block.block_id !== 'string' || block.block_id.length > L.blockId)) {
    problems.push(`${at}.block_id: must be a string of at most ${L.blockId} characters`);
  }
  switch (block.type) {
    case 'section': {
      if (block.text === undefined && block.fields === undefined) {
        problems.push(`${at}: a section needs text or fields`);
      }
      if (block.text !== undefined) checkTextObject(problems, `${at}.text`, block.text, L.sectionText);
      if (block.fields !== undefined) {
        if (!Array.isArray(block.fields) || block.fields.length === 0 || block.fields.length > L.sectionFields) {
          problems.push(`${at}.fields: must be an array of 1 to ${L.sectionFields} text objects`);
        } else {
          block.fields.forEach((f, i) => checkTextObject(problems, `${at}.fields.${i}`, f, L.sectionFieldText));
        }
      }
      break;
    }
    case 'header':
      checkTextObject(problems, `${at}.text`, block.text, L.headerText, ['plain_text']);
      break;
    case 'context':
      if (!Array.isArray(block.elements) || block.elements.length === 0 || block.elements.length > L.contextElements) {
        problems.push(`${at}.elements: must be an array of 1 to ${L.contextElements} elements`);
      } else {
        block.elements.forEach((e, i) => {
          if (!isObject(e) || typeof e.type !== 'string') problems.push(`${at}.elements.${i}: needs a type`);
          else if (e.type === 'image') {
            if (typeof e.image_url !== 'string' || typeof e.alt_text !== 'string') {
              problems.push(`${at}.elements.${i}: an image element needs image_url and alt_text`);
            }
          } else checkTextObject(problems, `${at}.elements.${i}`, e, L.sectionText);
        });
      }
      break;
    case 'actions':
      if (!Array.isArray(block.elements) || block.elements.length === 0 || block.elements.length > L.actionsElements) {
        problems.push(`${at}.elements: must be an array of 1 to ${L.actionsElements} elements`);
      }
      break;
    case 'image':
      if (typeof block.image_url !== 'string' && !isObject(block.slack_file)) {
        problems.push(`${at}.image_url: required`);
      } else if (typeof block.image_url === 'string' && block.image_url.length > L.imageUrl) {
        problems.push(`${at}.image_url: longer than ${L.imageUrl} characters`);
      }
      if (typeof block.alt_text !== 'string' || block.alt_text.length === 0 || block.alt_text.length > L.altText) {
        problems.push(`${at}.alt_text: must be a string of 1 to ${L.altText} characters`);
      }
      if (block.title !== undefined) checkTextObject(problems, `${at}.title`, block.title, 2000, ['plain_text']);
      break;
    case 'divider':
      break;
    case 'rich_text':
      if (!Array.isArray(block.elements)) problems.push(`${at}.elements: must be an array`);
      break;
    case 'file':
    case 'input':
    case 'video':
      break;
    default:
      problems.push(`${at}.type: unknown block type ${JSON.stringify(block.type)}`);
  }
}

/**
 * Validates a Slack incoming-webhook body: a non-empty `text` or a non-empty `blocks` array (at most 50 blocks, each
 * a known block type within Slack's limits: section text 3000, header plain_text 150, ...).
 */
export function validateSlackWebhookPayload(body: unknown): SlackValidation {
  if (!isObject(body)) return { error: 'invalid_payload', problems: ['the body must be a JSON object'] };
  const problems: string[] = [];
  if (body.text !== undefined && typeof body.text !== 'string') {
    return { error: 'invalid_payload', problems: ['text: must be a string'] };
  }
  if (body.attachments !== undefined && !Array.isArray(body.attachments)) {
    return { error: 'invalid_payload', problems: ['attachments: must be an array'] };
  }
  const hasText = typeof body.text === 'string' && body.text.trim() !== '';
  const hasAttachments = Array.isArray(body.attachments) && body.attachments.length > 0;
  if (body.blocks !== undefined) {
    if (!Array.isArray(body.blocks)) {
      problems.push('blocks: must be an array');
    } else {
      if (body.blocks.length > SLACK_LIMITS.blocks) {
        problems.push(`blocks: ${body.blocks.length} blocks, more than ${SLACK_LIMITS.blocks}`);
      }
      body.blocks.forEach((b, i) => checkBlock(problems, `blocks.${i}`, b));
    }
    if (problems.length) return { error: 'invalid_blocks', problems };
  }
  const hasBlocks = Array.isArray(body.blocks) && body.blocks.length > 0;
  if (!hasText && !hasBlocks && !hasAttachments) {
    return { error: 'no_text', problems: ['neither a non-empty text nor blocks'] };
  }
  return { error: undefined, problems: [] };
}

/**
 * A Slack incoming webhook (`POST /services/T000/B000/XXXX`) on loopback: 200 `ok` for a valid message, 400
 * `no_text` / `invalid_blocks` / `invalid_payload` for a bad one (the words Slack uses), 404 `no_service` for
 * another path. Bodies may be JSON or form-encoded `payload=<json>` as Slack accepts.
 */
export class SlackReceiver extends HttpReceiver {
  private constructor(maxBodyBytes: number | undefined) {
    super({ name: 'slack receiver', maxBodyBytes });
  }

  /** Starts a Slack look-alike on 127.0.0.1 (port chosen by the OS). */
  static override async start(options: { maxBodyBytes?: number } = {}): Promise<SlackReceiver> {
    const receiver = new SlackReceiver(options.maxBodyBytes);
    await receiver.listen();
    return receiver;
  }

  /** `http://127.0.0.1:<port>/services/T000/B000/XXXX`. */
  get webhookUrl(): string {
    return this.url(SLACK_TEST_WEBHOOK_PATH);
  }

  /** The parsed bodies of accepted (2xx) requests, in arrival order. */
  messages(): SlackWebhookPayload[] {
    return this.accepted()
      .map((r) => payloadOf(r.headers, r.rawBody, r.json))
      .filter(isObject) as SlackWebhookPayload[];
  }

  /** Scripts one 429 like Slack's: `retry-after` header, body `rate_limited`. */
  rateLimitNext(retryAfterSeconds: number): void {
    this.answerNext({
      status: 429,
      headers: { 'retry-after': String(Math.ceil(retryAfterSeconds)) },
      body: 'rate_limited',
    });
  }

  protected override inspect(request: IncomingRequest): string[] {
    return this.check(request).problems ?? [];
  }

  protected override handle(request: IncomingRequest): HandlerResult {
    return this.check(request);
  }

  private check(request: IncomingRequest): HandlerResult {
    if (request.path !== SLACK_TEST_WEBHOOK_PATH) {
      return { status: 404, body: 'no_service', problems: [`unknown webhook path ${request.path}`] };
    }
    if (request.method !== 'POST') {
      return { status: 405, body: 'invalid_request', problems: [`method ${request.method} (webhooks take POST)`] };
    }
    const body = payloadOf(request.headers, request.rawBody, request.json);
    if (body === undefined) {
      return {
        status: 400,
        body: 'invalid_payload',
        problems: [
          `the body is not JSON (content-type ${request.headers['content-type'] ?? 'none'}): ${request.jsonError ?? 'empty'}`,
        ],
      };
    }
    const v = validateSlackWebhookPayload(body);
    if (v.error) return { status: 400, body: v.error, problems: v.problems };
    return { status: 200, body: 'ok', problems: [] };
  }
}

function payloadOf(headers: Record<string, string>, rawBody: string, json: unknown): unknown {
  if (hasContentType(headers, 'application/x-www-form-urlencoded')) {
    const payload = new URLSearchParams(rawBody).get('payload');
    if (payload === null) return undefined;
    try {
      return JSON.parse(payload) as unknown;
    } catch {
      return undefined;
    }
  }
  return json;
}

/** Starts a {@link SlackReceiver}; `receiver.webhookUrl` is the URL to configure. */
export function startSlackReceiver(options: { maxBodyBytes?: number } = {}): Promise<SlackReceiver> {
  return SlackReceiver.start(options);
}
