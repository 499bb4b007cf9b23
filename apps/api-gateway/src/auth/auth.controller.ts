import { Body, Controller, Get, Patch, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { NewPassword } from './account.schemas';
import { AuthService } from './auth.service';
import { MeChanges, MeView } from './me.schemas';
import { SecondFactorStep } from '../two-factor/two-factor.schemas';
import { MeService } from './me.service';
import { Caller, Public, type AuthedRequest, type Principal } from './principal';

const email = z.email('must be an e-mail address').max(254);
const RegisterBody = z.strictObject({
  email,
  password: NewPassword,
  name: z.string().trim().min(1, 'must not be empty').max(100),
});
const LoginBody = z.strictObject({ email, password: z.string().min(1).max(256) });
const SessionResponse = z.object({ token: z.string(), expires_at: z.string() });
const RegisterResponse = z.object({ status: z.literal('accepted') });

const meta = (req: AuthedRequest) => ({ ip: req.ip ?? 'unknown', userAgent: req.headers['user-agent'] });

@ApiTags('accounts')
@Controller('api/v1')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly account: MeService,
  ) {}

  @Public()
  @Post('auth/register')
  @ApiRoute({
    summary:
      'Create an account (with its personal organisation), then sign in with POST /api/v1/auth/login. The answer ' +
      'is the same whether or not the e-mail already has an account (that account stays as it is). A new account ' +
      'gets a verification mail (POST /api/v1/auth/verify-email).',
    body: RegisterBody,
    response: RegisterResponse,
    status: 202,
    errors: [429, 503],
    isPublic: true,
  })
  register(@Body() body: unknown, @Req() req: AuthedRequest) {
    return this.auth.register(parseInput(RegisterBody, body, 'body'), meta(req));
  }

  @Public()
  @Post('auth/login')
  @ApiRoute({
    summary:
      'Sign in: a dashboard session token; for an account with a second factor, a challenge for ' +
      'POST /api/v1/auth/login/second-factor instead (second_factor_required)',
    body: LoginBody,
    response: z.union([SessionResponse, SecondFactorStep]),
    errors: [401, 429, 503],
    isPublic: true,
  })
  login(@Body() body: unknown, @Req() req: AuthedRequest) {
    return this.auth.login(parseInput(LoginBody, body, 'body'), meta(req));
  }

  @Post('auth/logout')
  @ApiRoute({ summary: 'Sign out: the session token stops working', status: 204 })
  async logout(@Caller() caller: Principal): Promise<void> {
    await this.auth.logout(caller);
  }

  @Get('me')
  @ApiRoute({
    summary: 'The signed-in user, their language, their organisations with role, and the current plan',
    response: MeView,
  })
  me(@Caller() caller: Principal) {
    return this.account.view(caller);
  }

  @Patch('me')
  @ApiRoute({
    summary:
      "Change the signed-in user's own settings: locale (en, de, es, fr or nl; null follows the browser's language)",
    body: MeChanges,
    response: MeView,
  })
  updateMe(@Body() body: unknown, @Caller() caller: Principal) {
    return this.account.update(caller, parseInput(MeChanges, body, 'body'));
  }
}
