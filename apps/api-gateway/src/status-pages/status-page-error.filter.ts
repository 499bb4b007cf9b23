import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiErrorFilter } from '../http/error.filter';
import { renderMessage, STATUS_PAGE_CSP } from './status-page.html';
import { pickLanguage, statusStrings, type StatusText } from './status-page.i18n';

/** The page's words for an error status (the API's English message stays in the JSON shape for clients). */
function textOf(status: number): StatusText {
  if (status === 404) return 'errorNotFound';
  if (status === 429) return 'errorTooMany';
  if (status >= 500) return 'errorServer';
  if (status === 409 || status === 403) return 'errorUnavailable';
  return 'errorInvalid';
}

/**
 * Errors of the public HTML routes (the page, the subscription form, the confirm and unsubscribe links) as a small
 * HTML page in the page's language instead of the JSON error shape: a person opened them in a browser. Status and
 * Retry-After are the API filter's, so clients and the rate limit see the same answer.
 */
@Catch()
export class StatusPageErrorFilter implements ExceptionFilter {
  private readonly api = new ApiErrorFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const { status } = this.api.describe(exception, req, res);
    if (res.headersSent) return;
    this.api.retryAfter(exception, status, res);
    const lang = pickLanguage(req.query.lang, req.get('accept-language'));
    const slug = typeof req.params.slug === 'string' ? req.params.slug : '';
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', STATUS_PAGE_CSP);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Vary', 'Accept-Language');
    res.status(status).send(renderMessage(lang, slug, statusStrings(lang)[textOf(status)]));
  }
}
