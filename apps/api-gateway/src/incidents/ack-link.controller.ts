import type { AckLinkState, ErrorCode } from '@app/contracts';
import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { ApiRoute } from '../http/api-doc';
import { AckLinkLimits } from './ack-link.limits';
import { pickLanguage } from '../status-pages/status-page.i18n';
import { ackLinkPage, type AckPageIncident } from './ack-link.page';
import { IncidentAckService } from './incident-ack.service';

/** What a token can look like (`gsm_ack_` and base64url); anything else is no link, without asking alerting. */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** The error code of a refused link for a client that asked for JSON (the API's error shape). */
const REFUSAL: Partial<Record<AckLinkState, ErrorCode>> = {
  unknown: 'NotFound',
  used: 'Conflict',
  resolved: 'Conflict',
  expired: 'LinkExpired',
};

/**
 * Answers the link's page: HTML for a browser (and any client that takes HTML); a client that asks for JSON only
 * gets refusals in the API's error shape and the state otherwise. The token is the credential: the answer must not
 * be cached, framed, indexed or leak it as a referrer.
 */
function answer(
  req: Request,
  res: Response,
  state: AckLinkState,
  incident: AckPageIncident | null,
  action: string,
): void {
  // The chat message's link names its channel's language (?lang=); else the browser's.
  const lang = pickLanguage(req.query.lang, req.get('accept-language'));
  const page = ackLinkPage(state, incident, action && `${action}?lang=${lang}`, lang);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Robots-Tag', 'noindex');
  if (req.accepts(['html', 'json']) === 'json') {
    const code = REFUSAL[state];
    if (code) throw new ApiError(code, page.heading, page.text);
    res.status(page.status).json({ state, incident });
    return;
  }
  res.status(page.status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.send(page.html);
}

/**
 * The acknowledge link of a Discord or Slack alert (issue 24): GET shows what it acknowledges and a button, and
 * changes nothing (chat clients prefetch links); POST acknowledges once, as the rule's organisation, "via link".
 * Used, expired, resolved and unknown links get a page saying so (409, 410, 409, 404). No sign-in; rate limited per
 * client address like the share API (429).
 */
@ApiTags('alerts')
@Controller('api/v1/incident-ack/:token')
export class AckLinkController {
  constructor(
    private readonly acks: IncidentAckService,
    private readonly limits: AckLinkLimits,
  ) {}

  @Get()
  @Public()
  @ApiProduces('text/html')
  @ApiRoute({
    summary:
      "An alert message's acknowledge link: an HTML page naming the incident with an Acknowledge button (changes nothing); 404 unknown, 409 used or resolved, 410 expired",
    isPublic: true,
    errors: [404, 409, 410, 429],
  })
  async confirm(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.limits.admit(req.ip ?? '');
    if (!TOKEN.test(token)) return answer(req, res, 'unknown', null, '');
    const link = await this.acks.peekLink(token);
    answer(req, res, link.state, link.incident, `/api/v1/incident-ack/${encodeURIComponent(token)}`);
  }

  @Post()
  @Public()
  @ApiProduces('text/html')
  @ApiRoute({
    summary:
      'Use an acknowledge link (once): acknowledges the incident "via link" and answers an HTML page; 404 unknown, 409 used or resolved, 410 expired',
    isPublic: true,
    errors: [404, 409, 410, 429],
  })
  async acknowledge(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.limits.admit(req.ip ?? '');
    if (!TOKEN.test(token)) return answer(req, res, 'unknown', null, '');
    const link = await this.acks.useLink(token);
    answer(req, res, link.state, link.incident, '');
  }
}
