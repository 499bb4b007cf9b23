import { isDatabaseUnavailable } from '@app/database';
import { ErrorCodes, type ErrorBody, type ErrorCode } from '@app/contracts';
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from './api-error';

/** Body-parser and framework errors, by HTTP status, in the API's words. */
const BY_STATUS: Record<number, { code: ErrorCode; message: string; remedy?: string }> = {
  400: { code: 'ValidationFailed', message: 'the request is malformed', remedy: 'Send a valid JSON body.' },
  401: { code: 'Unauthenticated', message: 'sign in first', remedy: 'Send Authorization: Bearer <token>.' },
  403: { code: 'Forbidden', message: 'not allowed' },
  404: { code: 'NotFound', message: 'no such route', remedy: 'See /api/docs for the routes of the API.' },
  405: { code: 'NotFound', message: 'method not allowed on this route', remedy: 'See /api/docs.' },
  413: { code: 'PayloadTooLarge', message: 'the request body is too large', remedy: 'Send at most 100 kB of JSON.' },
  415: {
    code: 'UnsupportedMediaType',
    message: 'the request body must be JSON',
    remedy: 'Send Content-Type: application/json.',
  },
  429: { code: 'TooManyRequests', message: 'too many requests', remedy: 'Wait and try again.' },
};

/** PostgreSQL's "invalid byte sequence" / "untranslatable character": the text came from the request, not a bug. */
function isUnstorableText(exception: unknown): boolean {
  const code = (exception as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * Renders every error in the one shape of the API. Unknown errors become a 500 whose body says nothing about the
 * cause (it is logged with the request id instead): no stack trace, SQL or internal host reaches a client.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.render(exception, http.getRequest<Request>(), http.getResponse<Response>());
  }

  render(exception: unknown, req: Request, res: Response): void {
    const { status, body } = this.describe(exception, req, res);
    this.retryAfter(exception, status, res);
    if (!res.headersSent) res.status(status).json(body);
  }

  /** Sets Retry-After on a refusal that says when to come back (the error's wait, else 60 s quota, 5 s unavailable). */
  retryAfter(exception: unknown, status: number, res: Response): void {
    if (res.headersSent || res.getHeader('Retry-After')) return;
    const wait = exception instanceof ApiError ? exception.retryAfterSeconds : undefined;
    if (wait !== undefined) res.setHeader('Retry-After', String(wait));
    else if (status === ErrorCodes.QuotaExceeded) res.setHeader('Retry-After', '60');
    else if (status === ErrorCodes.ServiceUnavailable) res.setHeader('Retry-After', '5');
  }

  /**
   * The status and body an error is answered with, without sending them (a streamed answer sends them as its
   * last line). Unknown errors are logged here, with the request id.
   */
  describe(exception: unknown, req: Request, res: Response): { status: number; body: ErrorBody } {
    const requestId = String((req as unknown as { id?: unknown }).id ?? res.getHeader('X-Request-Id') ?? '');
    const body: ErrorBody = { error: { code: 'InternalError', message: '' }, request_id: requestId };
    let status = 500;
    if (exception instanceof ApiError) {
      status = exception.status;
      body.error = { code: exception.code, message: exception.message };
      if (exception.remedy) body.error.remedy = exception.remedy;
      if (exception.details) body.error.details = exception.details;
      if (exception.retryAfterSeconds !== undefined)
        body.error.details = { ...body.error.details, retry_after_seconds: exception.retryAfterSeconds };
    } else {
      const raw = exception as { status?: unknown; statusCode?: unknown; type?: unknown };
      const given =
        exception instanceof HttpException
          ? exception.getStatus()
          : typeof raw?.status === 'number'
            ? raw.status
            : typeof raw?.statusCode === 'number'
              ? raw.statusCode
              : 500;
      const known = BY_STATUS[given];
      if (isDatabaseUnavailable(exception)) {
        // Not the request's fault and not a bug: the database is restarting or away. Logged briefly (no stack).
        status = 503;
        this.logger.warn({ requestId, err: (exception as Error).message }, 'database unavailable');
        body.error = {
          code: 'ServiceUnavailable',
          message: 'the database is unavailable at the moment',
          remedy: 'Try again in a few seconds (Retry-After).',
        };
      } else if (isUnstorableText(exception)) {
        // A safety net behind parseInput's own check: text from the request PostgreSQL cannot store.
        status = 400;
        this.logger.warn(
          { requestId, code: (exception as { code: string }).code },
          'request text refused by the database',
        );
        body.error = {
          code: 'ValidationFailed',
          message: 'the request holds text that cannot be stored (a NUL character or an invalid byte sequence)',
          remedy: 'Remove control characters such as \\u0000 from the request and send it again.',
        };
      } else if (known && given < 500) {
        status = given;
        body.error = { code: known.code, message: known.message };
        if (raw?.type === 'entity.parse.failed') body.error.message = 'the request body is not valid JSON';
        if (known.remedy) body.error.remedy = known.remedy;
      } else {
        this.logger.error({ err: exception, requestId }, 'unhandled error');
        body.error = {
          code: 'InternalError',
          message: 'something went wrong on our side',
          remedy: `Try again; if it persists, contact support with request id ${requestId}.`,
        };
      }
    }
    return { status, body };
  }
}
