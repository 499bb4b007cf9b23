import { hasContentType, HttpReceiver, type HandlerResult, type IncomingRequest } from './http-receiver';

/** The workflow id in {@link TeamsReceiver.webhookUrl}. */
export const TEAMS_TEST_WORKFLOW_ID = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
/** The `sig` query parameter in {@link TeamsReceiver.webhookUrl}. */
export const TEAMS_TEST_SIGNATURE = 'abc';
/** Teams' message size limit: 28 KB. */
export const TEAMS_MAX_BODY_BYTES = 28 * 1024;
/** The content type of an Adaptive Card attachment. */
export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';
/** The newest Adaptive Card schema version Teams renders. */
export const TEAMS_MAX_CARD_VERSION = '1.5';

/** An Adaptive Card message as a Teams workflow webhook takes it. */
export interface TeamsWorkflowPayload {
  type: 'message';
  attachments: {
    contentType: string;
    contentUrl?: string | null;
    content: { type: 'AdaptiveCard'; version: string; body: Record<string, unknown>[]; [key: string]: unknown };
  }[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const versionNumber = (v: string): number => {
  const [major, minor] = v.split('.').map(Number);
  return (major ?? 0) * 1000 + (minor ?? 0);
};

function checkElements(problems: string[], at: string, elements: unknown[]): void {
  elements.forEach((element, i) => {
    const here = `${at}[${i}]`;
    if (!isObject(element) || typeof element.type !== 'string' || element.type === '') {
      problems.push(`${here}: an element must be an object with a type`);
      return;
    }
    switch (element.type) {
      case 'TextBlock':
        if (typeof element.text !== 'string') problems.push(`${here}.text: a TextBlock needs a text string`);
        break;
      case 'FactSet':
        if (!Array.isArray(element.facts)) {
          problems.push(`${here}.facts: a FactSet needs a facts array`);
        } else {
          element.facts.forEach((fact, j) => {
            if (!isObject(fact) || typeof fact.title !== 'string' || typeof fact.value !== 'string') {
              problems.push(`${here}.facts[${j}]: a fact needs string title and value`);
            }
          });
        }
        break;
      case 'Image':
        if (typeof element.url !== 'string') problems.push(`${here}.url: an Image needs a url`);
        break;
      case 'Container':
        if (!Array.isArray(element.items)) problems.push(`${here}.items: a Container needs an items array`);
        else checkElements(problems, `${here}.items`, element.items);
        break;
      case 'ColumnSet':
        if (element.columns !== undefined && !Array.isArray(element.columns)) {
          problems.push(`${here}.columns: must be an array`);
        }
        break;
      default:
        break;
    }
  });
}

/**
 * Validates a Teams workflow-webhook body: `{type: "message", attachments: [...]}` with at least one Adaptive Card
 * attachment (`contentType` application/vnd.microsoft.card.adaptive, `content.type` AdaptiveCard, a `version` no
 * newer than 1.5, a non-empty `body` of typed elements).
 */
export function validateTeamsPayload(body: unknown): string[] {
  if (!isObject(body)) return ['the body must be a JSON object'];
  const problems: string[] = [];
  if (body.type !== 'message') problems.push(`type: must be "message", got ${JSON.stringify(body.type)}`);
  if (!Array.isArray(body.attachments) || body.attachments.length === 0) {
    problems.push('attachments: must be a non-empty array');
    return problems;
  }
  body.attachments.forEach((attachment, i) => {
    const at = `attachments[${i}]`;
    if (!isObject(attachment)) {
      problems.push(`${at}: must be an object`);
      return;
    }
    if (attachment.contentType !== ADAPTIVE_CARD_CONTENT_TYPE) {
      problems.push(
        `${at}.contentType: must be ${ADAPTIVE_CARD_CONTENT_TYPE}, got ${JSON.stringify(attachment.contentType)}`,
      );
    }
    const card = attachment.content;
    if (!isObject(card)) {
      problems.push(`${at}.content: must be an Adaptive Card object`);
      return;
    }
    if (card.type !== 'AdaptiveCard') {
      problems.push(`${at}.content.type: must be "AdaptiveCard", got ${JSON.stringify(card.type)}`);
    }
    if (typeof card.version !== 'string' || !/^\d+\.\d+$/.test(card.version)) {
      problems.push(`${at}.content.version: must be a version string like "1.4", got ${JSON.stringify(card.version)}`);
    } else if (versionNumber(card.version) > versionNumber(TEAMS_MAX_CARD_VERSION)) {
      problems.push(`${at}.content.version: ${card.version} is newer than Teams supports (${TEAMS_MAX_CARD_VERSION})`);
    }
    if (!Array.isArray(card.body) || card.body.length === 0) {
      problems.push(`${at}.content.body: must be a non-empty array`);
    } else {
      checkElements(problems, `${at}.content.body`, card.body);
    }
    if (card.actions !== undefined && !Array.isArray(card.actions)) {
      problems.push(`${at}.content.actions: must be an array`);
    }
  });
  return problems;
}

/**
 * A Microsoft Teams workflow webhook (`POST /workflows/<id>/triggers/manual/paths/invoke?api-version=1&sig=abc`) on
 * loopback: 202 for a valid Adaptive Card message, 400 `{error: {code, message}}` naming the problem otherwise
 * (including bodies over 28 KB), 401 for a wrong `sig`, 404 for an unknown workflow.
 */
export class TeamsReceiver extends HttpReceiver {
  private constructor(maxBodyBytes: number | undefined) {
    super({ name: 'teams receiver', maxBodyBytes });
  }

  /** Starts a Teams look-alike on 127.0.0.1 (port chosen by the OS). */
  static override async start(options: { maxBodyBytes?: number } = {}): Promise<TeamsReceiver> {
    const receiver = new TeamsReceiver(options.maxBodyBytes);
    await receiver.listen();
    return receiver;
  }

  /** `http://127.0.0.1:<port>/workflows/<id>/triggers/manual/paths/invoke?api-version=1&sig=abc`. */
  get webhookUrl(): string {
    return this.url(
      `/workflows/${TEAMS_TEST_WORKFLOW_ID}/triggers/manual/paths/invoke?api-version=1&sig=${TEAMS_TEST_SIGNATURE}`,
    );
  }

  /** The parsed bodies of accepted (2xx) requests, in arrival order. */
  messages(): TeamsWorkflowPayload[] {
    return this.accepted()
      .filter((r) => isObject(r.json))
      .map((r) => r.json as TeamsWorkflowPayload);
  }

  /** Scripts one 429 with a `retry-after` header. */
  rateLimitNext(retryAfterSeconds: number): void {
    this.answerNext({
      status: 429,
      headers: { 'retry-after': String(Math.ceil(retryAfterSeconds)) },
      body: {
        error: {
          code: 'WorkflowRequestsThrottled',
          message: `Number of requests exceeded the limit. Retry after ${Math.ceil(retryAfterSeconds)} seconds.`,
        },
      },
    });
  }

  protected override inspect(request: IncomingRequest): string[] {
    return this.check(request).problems ?? [];
  }

  protected override handle(request: IncomingRequest): HandlerResult {
    return this.check(request);
  }

  private check(request: IncomingRequest): HandlerResult {
    const fail = (status: number, code: string, message: string, problems = [message]): HandlerResult => ({
      status,
      body: { error: { code, message } },
      problems,
    });
    const match = /^\/workflows\/([^/]+)\/triggers\/manual\/paths\/invoke\/?$/.exec(request.path);
    if (!match || match[1] !== TEAMS_TEST_WORKFLOW_ID) {
      return fail(404, 'WorkflowNotFound', `The workflow for path '${request.path}' could not be found.`);
    }
    if (!request.query.get('api-version')) {
      return fail(
        400,
        'MissingApiVersionParameter',
        'The api-version query parameter (?api-version=) is required for all requests.',
      );
    }
    if (request.query.get('sig') !== TEAMS_TEST_SIGNATURE) {
      return fail(401, 'DirectApiInvalidAuthorizationSignature', 'The provided request signature (sig) is not valid.');
    }
    if (request.method !== 'POST') {
      return fail(405, 'MethodNotAllowed', `The HTTP method '${request.method}' is not allowed; use POST.`);
    }
    if (request.body.length > TEAMS_MAX_BODY_BYTES) {
      return fail(
        400,
        'MessageSizeExceeded',
        `The message is ${request.body.length} bytes, more than the ${TEAMS_MAX_BODY_BYTES} bytes (28 KB) Teams accepts.`,
      );
    }
    if (!hasContentType(request.headers, 'application/json')) {
      return fail(
        400,
        'UnsupportedMediaType',
        `The content-type must be application/json, got ${request.headers['content-type'] ?? 'none'}.`,
      );
    }
    if (request.json === undefined) {
      return fail(
        400,
        'InvalidRequestContent',
        `The request content is not valid JSON: ${request.jsonError ?? 'empty'}.`,
      );
    }
    const problems = validateTeamsPayload(request.json);
    if (problems.length) {
      return fail(
        400,
        'InvalidRequestContent',
        `The message is not a valid Adaptive Card message: ${problems.join('; ')}`,
        problems,
      );
    }
    return { status: 202, problems: [] };
  }
}

/** Starts a {@link TeamsReceiver}; `receiver.webhookUrl` is the URL to configure. */
export function startTeamsReceiver(options: { maxBodyBytes?: number } = {}): Promise<TeamsReceiver> {
  return TeamsReceiver.start(options);
}
