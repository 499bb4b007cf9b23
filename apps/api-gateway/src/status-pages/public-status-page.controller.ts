import { SERVICE_CONFIG } from '@app/platform';
import { Controller, Get, Inject, Param, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { ApiGatewayConfig } from '../app.config';
import { Public } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { PublicStatusService } from './public-status.service';
import { BADGE_KINDS, badgeFacts, renderBadge, type BadgeKind } from './status-badge.svg';
import { renderAtomFeed } from './status-feed.atom';
import { renderMessage, renderStatusPage, STATUS_PAGE_CSP } from './status-page.html';
import { pickLanguage, statusStrings, type StatusLanguage } from './status-page.i18n';
import { StatusPageErrorFilter } from './status-page-error.filter';
import { StatusPageLimits } from './status-page.limits';
import { StatusSubscriptionsService, subscriptionLink } from './status-subscriptions.service';

/** How long browsers and proxies may keep a page, feed or badge (the view behind them is cached a few seconds). */
const PUBLIC_MAX_AGE = 'public, max-age=30';

/**
 * The public status page, server-rendered so it works without JavaScript (no script at all; a strict CSP), in the
 * five languages (?lang=, else Accept-Language): the page, its Atom feed, SVG badges, and the subscription links
 * (subscribe form, confirmation, one-click unsubscribe). Outside /api/v1: these are pages, not API operations (the
 * JSON for bots is PublicStatusApiController's). Rate limited per address like the share API.
 */
@ApiExcludeController()
@Controller('status/:slug')
export class PublicStatusPageController {
  constructor(
    private readonly views: PublicStatusService,
    private readonly subscriptions: StatusSubscriptionsService,
    private readonly limits: StatusPageLimits,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  @Get()
  @Public()
  @UseFilters(StatusPageErrorFilter)
  async page(@Param('slug') slug: string, @Query('lang') lang: unknown, @Req() req: Request, @Res() res: Response) {
    await this.limits.admit(req.ip ?? '', 'read');
    const view = await this.views.view(slug);
    const language = pickLanguage(lang, req.get('accept-language'));
    sendHtml(res, 200, renderStatusPage(view, language), PUBLIC_MAX_AGE);
  }

  @Get('feed.atom')
  @Public()
  async feed(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    await this.limits.admit(req.ip ?? '', 'read');
    const view = await this.views.view(slug);
    const origin = this.config.PUBLIC_URL ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    res.setHeader('Content-Type', 'application/atom+xml; charset=utf-8');
    res.setHeader('Cache-Control', PUBLIC_MAX_AGE);
    res.status(200).send(renderAtomFeed(view, origin));
  }

  @Get('badge/:file')
  @Public()
  async badge(@Param('slug') slug: string, @Param('file') file: string, @Req() req: Request, @Res() res: Response) {
    await this.limits.admit(req.ip ?? '', 'read');
    const kind = file.replace(/\.svg$/, '') as BadgeKind;
    if (!BADGE_KINDS.includes(kind))
      throw new ApiError(
        'NotFound',
        `there is no badge ${file}`,
        `Use one of ${BADGE_KINDS.map((k) => `${k}.svg`).join(', ')}.`,
      );
    const view = await this.views.view(slug);
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    res.setHeader('Cache-Control', PUBLIC_MAX_AGE);
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.status(200).send(renderBadge(badgeFacts(view, kind)));
  }

  /** The subscription form of the page (form-encoded, no script): mails the confirmation link. */
  @Post('subscribe')
  @Public()
  @UseFilters(StatusPageErrorFilter)
  async subscribe(
    @Param('slug') slug: string,
    @Query('lang') lang: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.limits.admit(req.ip ?? '', 'subscribe');
    const language = pickLanguage(lang, req.get('accept-language'));
    const view = await this.views.view(slug);
    const email = (req.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || !isEmail(email))
      throw new ApiError(
        'ValidationFailed',
        'email is not an e-mail address',
        'Give an address like name@example.com.',
        {
          fields: [{ field: 'email', problem: 'must be an e-mail address' }],
        },
      );
    await this.subscriptions.subscribeEmail(view.page, email.trim().toLowerCase(), language);
    sendHtml(res, 200, renderMessage(language, slug, statusStrings(language).checkMail));
  }

  /** The link of the confirmation mail: confirms the subscription (double opt-in). */
  @Get('confirm/:token')
  @Public()
  @UseFilters(StatusPageErrorFilter)
  async confirm(
    @Param('slug') slug: string,
    @Param('token') token: string,
    @Query('lang') lang: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.limits.admit(req.ip ?? '', 'subscribe');
    const language = pickLanguage(lang, req.get('accept-language'));
    const view = await this.views.view(slug);
    const t = statusStrings(language);
    const ok = await this.succeeds(() => this.subscriptions.confirm(view.page, token));
    sendHtml(res, ok ? 200 : 404, renderMessage(language, slug, ok ? t.confirmed : t.confirmFailed));
  }

  /** The unsubscribe link of a mail, opened in a browser: asks, with a button that posts (no script needed). */
  @Get('unsubscribe/:token')
  @Public()
  @UseFilters(StatusPageErrorFilter)
  async unsubscribeForm(
    @Param('slug') slug: string,
    @Param('token') token: string,
    @Query('lang') lang: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.limits.admit(req.ip ?? '', 'read');
    const language = pickLanguage(lang, req.get('accept-language'));
    const view = await this.views.view(slug);
    const t = statusStrings(language);
    if (!(await this.subscriptions.canUnsubscribe(view.page, token))) {
      sendHtml(res, 404, renderMessage(language, slug, t.unsubscribeFailed));
      return;
    }
    const action = `${subscriptionLink(slug, 'unsubscribe', token)}?lang=${language}`;
    sendHtml(res, 200, renderMessage(language, slug, t.unsubscribeAsk, { action, button: t.unsubscribeAsk }));
  }

  /** One-click unsubscribe (RFC 8058: mail clients POST here; the body is ignored) and the form's button. */
  @Post('unsubscribe/:token')
  @Public()
  @UseFilters(StatusPageErrorFilter)
  async unsubscribe(
    @Param('slug') slug: string,
    @Param('token') token: string,
    @Query('lang') lang: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.limits.admit(req.ip ?? '', 'subscribe');
    const language: StatusLanguage = pickLanguage(lang, req.get('accept-language'));
    const view = await this.views.view(slug);
    const t = statusStrings(language);
    const ok = await this.succeeds(() => this.subscriptions.unsubscribe(view.page, token));
    sendHtml(res, ok ? 200 : 404, renderMessage(language, slug, ok ? t.unsubscribed : t.unsubscribeFailed));
  }

  /**
   * Links mailed before the tokens moved into the path (`?token=`, which access logs keep): a browser is sent to
   * the path form; a mail client's one-click POST is answered in place (it follows no redirect).
   */
  @Get(['confirm', 'unsubscribe'])
  @Public()
  @UseFilters(StatusPageErrorFilter)
  async legacyLink(
    @Param('slug') slug: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.limits.admit(req.ip ?? '', 'read');
    await this.views.view(slug); // an unknown page is 404 here too, not a redirect to one
    const kind = req.path.endsWith('/confirm') ? 'confirm' : 'unsubscribe';
    const language = pickLanguage(query.lang, req.get('accept-language'));
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(301, `${subscriptionLink(slug, kind, String(query.token ?? ''))}?lang=${language}`);
  }

  @Post('unsubscribe')
  @Public()
  @UseFilters(StatusPageErrorFilter)
  legacyUnsubscribe(
    @Param('slug') slug: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.unsubscribe(slug, String(query.token ?? ''), query.lang, req, res);
  }

  private async succeeds(action: () => Promise<void>): Promise<boolean> {
    try {
      await action();
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LinkInvalid') return false;
      throw error;
    }
  }
}

function sendHtml(res: Response, status: number, html: string, cacheControl = 'no-store'): void {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', STATUS_PAGE_CSP);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Language');
  res.status(status).send(html);
}

/** A plain e-mail address check (the confirmation mail is the real one). */
export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value.trim());
}
