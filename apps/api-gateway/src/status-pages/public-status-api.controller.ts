import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { Public } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { PublicStatusService, type PublicStatusView } from './public-status.service';
import { pickLanguage } from './status-page.i18n';
import { StatusPageLimits } from './status-page.limits';
import { StatusSubscriptionsService, subscriptionLink } from './status-subscriptions.service';

const PublicStatus = z.object({
  title: z.string(),
  url: z.string(),
  status: z.enum(['operational', 'degraded', 'down']),
  servers: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      players: z.int().nullable(),
      player_limit: z.int().nullable(),
      uptime_90d_percent: z.number().nullable(),
      degraded_90d_percent: z.number().nullable(),
    }),
  ),
  open_incidents: z.array(
    z.object({ title: z.string(), impact: z.string(), state: z.string(), created_at: z.string() }),
  ),
  generated_at: z.string(),
});

const Subscribe = z.union([
  z.strictObject({ email: z.email({ error: 'must be an e-mail address' }).max(254) }),
  z.strictObject({ webhook_url: z.url({ error: 'must be an http(s) URL' }).max(2000) }),
]);
const Subscribed = z.object({
  kind: z.enum(['email', 'webhook']),
  confirmation: z.enum(['mailed', 'none']),
  unsubscribe_url: z.string().nullable(),
  /** A webhook's signing secret, shown once: verify `x-gsm-signature` (HMAC-SHA256 over `${x-gsm-timestamp}.${body}`). */
  signing_secret: z.string().nullable(),
});

/** The small JSON answer for bots and widgets: no ids, no addresses. */
export function publicStatusJson(view: PublicStatusView) {
  return {
    title: view.page.title,
    url: `/status/${view.page.slug}`,
    status: view.overall,
    servers: view.servers.map((s) => ({
      name: s.name,
      status: s.status,
      players: s.playerCount,
      player_limit: s.playerLimit,
      uptime_90d_percent: s.uptimePercent,
      degraded_90d_percent: s.degradedPercent,
    })),
    open_incidents: view.incidents
      .filter((i) => i.state !== 'resolved')
      .map((i) => ({ title: i.title, impact: i.impact, state: i.state, created_at: i.createdAt.toISOString() })),
    generated_at: view.generatedAt.toISOString(),
  };
}

/** A public status page as JSON (for Discord bots), and subscribing to it; no sign-in, rate limited per address. */
@ApiTags('public (status pages)')
@Controller('api/v1/status/:slug')
export class PublicStatusApiController {
  constructor(
    private readonly views: PublicStatusService,
    private readonly subscriptions: StatusSubscriptionsService,
    private readonly limits: StatusPageLimits,
  ) {}

  @Get()
  @Public()
  @ApiRoute({
    summary:
      "A status page's status now: each server's status, players and 90-day uptime, open incidents (cached 30 s)",
    response: PublicStatus,
    errors: [404, 429],
    isPublic: true,
  })
  async status(@Param('slug') slug: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limits.admit(req.ip ?? '', 'read');
    const view = await this.views.view(slug);
    res.setHeader('Cache-Control', 'public, max-age=30');
    return publicStatusJson(view);
  }

  @Post('subscriptions')
  @Public()
  @ApiRoute({
    summary:
      'Subscribe to incident updates: an e-mail address (a confirmation link is mailed: double opt-in) or a webhook URL',
    body: Subscribe,
    response: Subscribed,
    status: 202,
    errors: [404, 409, 429],
    isPublic: true,
  })
  async subscribe(@Param('slug') slug: string, @Body() body: unknown, @Req() req: Request) {
    await this.limits.admit(req.ip ?? '', 'subscribe');
    const input = parseInput(Subscribe, body, 'body');
    const view = await this.views.view(slug);
    if ('email' in input) {
      const lang = pickLanguage(req.query.lang, req.get('accept-language'));
      await this.subscriptions.subscribeEmail(view.page, input.email.toLowerCase(), lang);
      return { kind: 'email', confirmation: 'mailed', unsubscribe_url: null, signing_secret: null };
    }
    const { unsubscribeToken, signingSecret } = await this.subscriptions.subscribeWebhook(view.page, input.webhook_url);
    return {
      kind: 'webhook',
      confirmation: 'none',
      unsubscribe_url: subscriptionLink(view.page.slug, 'unsubscribe', unsubscribeToken),
      signing_secret: signingSecret,
    };
  }
}
