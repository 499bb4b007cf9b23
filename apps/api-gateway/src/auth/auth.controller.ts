import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { BillingClient } from '../billing/billing.client';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { AuthService } from './auth.service';
import { Caller, Public, type AuthedRequest, type Principal } from './principal';

const email = z.email('must be an e-mail address').max(254);
const RegisterBody = z.strictObject({
  email,
  password: z.string().min(10, 'must be at least 10 characters').max(256),
  name: z.string().trim().min(1, 'must not be empty').max(100),
});
const LoginBody = z.strictObject({ email, password: z.string().min(1).max(256) });
const SessionResponse = z.object({ token: z.string(), expires_at: z.string() });
const UserResponse = z.object({ id: z.uuid(), email: z.string(), name: z.string(), created_at: z.string() });

const meta = (req: AuthedRequest) => ({ ip: req.ip ?? 'unknown', userAgent: req.headers['user-agent'] });

@ApiTags('accounts')
@Controller('api/v1')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly billing: BillingClient,
  ) {}

  @Public()
  @Post('auth/register')
  @ApiRoute({
    summary: 'Create an account (with its personal organisation) and sign in',
    body: RegisterBody,
    response: SessionResponse.extend({ user: UserResponse }),
    status: 201,
    errors: [409],
    isPublic: true,
  })
  register(@Body() body: unknown, @Req() req: AuthedRequest) {
    return this.auth.register(parseInput(RegisterBody, body, 'body'), meta(req));
  }

  @Public()
  @Post('auth/login')
  @ApiRoute({
    summary: 'Sign in: a dashboard session token',
    body: LoginBody,
    response: SessionResponse,
    errors: [401, 429],
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
  @ApiRoute({ summary: 'The signed-in user, their organisations with role, and the current plan' })
  async me(@Caller() caller: Principal) {
    const [user, plan] = await Promise.all([this.auth.me(caller), this.billing.entitlements(caller.orgId)]);
    return {
      ...user,
      organisation_id: caller.orgId,
      role: caller.role,
      plan: {
        id: plan.planId,
        max_servers: plan.maxServers,
        retention_hours: plan.retentionHours,
        api_access: plan.apiAccess,
        api_daily_quota: plan.apiDailyQuota,
        intervals_seconds: plan.intervals,
      },
    };
  }
}
