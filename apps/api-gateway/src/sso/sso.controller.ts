import { Body, Controller, Delete, Get, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access, Caller, Public, type AuthedRequest, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { SsoConfigService } from './sso-config.service';
import { SsoLoginService } from './sso-login.service';
import {
  SsoAddonBody,
  SsoAddonView,
  SsoCallbackQuery,
  SsoConfigBody,
  SsoConfigView,
  SsoStartBody,
  SsoStartView,
  SsoStatusView,
} from './sso.schemas';

const meta = (req: AuthedRequest) => ({ ip: req.ip ?? 'unknown', userAgent: req.headers['user-agent'] });
/** The origin this request reached (used when PUBLIC_URL is unset: the dashboard and the API share it). */
const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** An organisation's single sign-on set-up (Admin) and the Team plan's SSO add-on. */
@ApiTags('single sign-on')
@Controller('api/v1')
export class SsoConfigController {
  constructor(private readonly sso: SsoConfigService) {}

  @Get('org/sso')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary: "Whether the plan includes single sign-on, and the organisation's set-up (never the client secret)",
    response: SsoStatusView,
  })
  status(@Caller() caller: Principal, @Req() req: Request) {
    return this.sso.status(caller, originOf(req));
  }

  @Put('org/sso')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary:
      'Set up single sign-on (OpenID Connect): the issuer is checked by fetching its discovery document; a domain ' +
      'can belong to one organisation (409). Enterprise, or Team with the SSO add-on (else 403 with the plan)',
    body: SsoConfigBody,
    response: SsoConfigView,
    errors: [403, 409],
  })
  save(@Caller() caller: Principal, @Body() body: unknown, @Req() req: Request) {
    return this.sso.save(caller, parseInput(SsoConfigBody, body, 'body'), originOf(req));
  }

  @Delete('org/sso')
  @Access({ role: 'admin' })
  @ApiRoute({ summary: 'Remove single sign-on: members sign in with their passwords again', status: 204 })
  async remove(@Caller() caller: Principal): Promise<void> {
    await this.sso.remove(caller);
  }

  @Put('billing/sso-addon')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary: "Turn the Team plan's single sign-on add-on on or off (no payment is taken; other plans: 409)",
    body: SsoAddonBody,
    response: SsoAddonView,
    errors: [409],
  })
  addon(@Caller() caller: Principal, @Body() body: unknown) {
    return this.sso.setAddon(caller, parseInput(SsoAddonBody, body, 'body').enabled);
  }
}

/** "Sign in with SSO": the start (by e-mail domain) and the provider's redirect back. */
@ApiTags('accounts')
@Controller('api/v1/auth/sso')
export class SsoLoginController {
  constructor(private readonly sso: SsoLoginService) {}

  @Public()
  @Post('start')
  @ApiRoute({
    summary:
      "Start signing in with the single sign-on of the organisation that claims the e-mail's domain: the " +
      "provider's URL to send the browser to (404 for a domain without SSO)",
    body: SsoStartBody,
    response: SsoStartView,
    errors: [404, 429, 503],
    isPublic: true,
  })
  start(@Body() body: unknown, @Req() req: AuthedRequest) {
    return this.sso.start(parseInput(SsoStartBody, body, 'body').email, meta(req), originOf(req));
  }

  @Public()
  @Get('callback')
  @ApiRoute({
    summary:
      'Where the provider sends the browser back (register it as the redirect URI): redirects to ' +
      '/sso/complete#token=<session> on success, to /login?sso_error=<code> on any failure (400 for a malformed code, state, error or iss; other parameters are ignored)',
    query: SsoCallbackQuery,
    status: 302,
    isPublic: true,
  })
  async callback(@Query() query: unknown, @Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    // A malformed parameter it reads (not what any provider sends: a list, an over-long value) is a 400; others are
    // ignored (providers add their own); the provider's answers, refusals included, lead the browser back to the
    // dashboard.
    const parsed = parseInput(SsoCallbackQuery, query, 'query');
    const rawQuery = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const target = await this.sso.callback({ query: parsed, rawQuery }, meta(req), originOf(req));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(302, target);
  }
}
