import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { lastValueFrom, of, type Observable } from 'rxjs';
import { PublicShareLimits } from './public-share.limits';

/**
 * Runs before every route of the share API (`/api/v1/public/:token/...`): the rate limits and the token check of
 * {@link PublicShareLimits}, then the answer from its few-second cache (keyed by token, path and query) or from the
 * route. A paged answer's Link header is kept with it.
 */
@Injectable()
export class PublicShareInterceptor implements NestInterceptor {
  constructor(private readonly limits: PublicShareLimits) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const token = String(req.params.token ?? '');
    const { tokenHash } = await this.limits.admit(token, req.ip ?? '');
    // What follows the token: the route and its query string, as sent.
    const at = req.originalUrl.indexOf(token);
    const rest = at === -1 ? req.originalUrl : req.originalUrl.slice(at + token.length);
    const answer = await this.limits.answer(tokenHash, `${tokenHash}${rest}`, async () => {
      const body = await lastValueFrom(next.handle(), { defaultValue: undefined });
      const link = res.getHeader('Link');
      return { body, link: typeof link === 'string' ? link : undefined };
    });
    if (answer.link && !res.getHeader('Link')) res.setHeader('Link', answer.link);
    return of(answer.body);
  }
}
