import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import {
  AcceptedResponse,
  ChangePasswordBody,
  ResetConfirmBody,
  ResetRequestBody,
  VerifiedResponse,
  VerifyEmailBody,
} from './account.schemas';
import { EmailVerificationService } from './email-verification.service';
import { PasswordService } from './password.service';
import { Caller, Public, type AuthedRequest, type Principal } from './principal';

const meta = (req: AuthedRequest) => ({ ip: req.ip ?? 'unknown', userAgent: req.headers['user-agent'] });

/** E-mail verification, password reset and password change (issue 22). */
@ApiTags('accounts')
@Controller('api/v1')
export class AccountController {
  constructor(
    private readonly verification: EmailVerificationService,
    private readonly passwords: PasswordService,
  ) {}

  @Public()
  @Post('auth/verify-email')
  @ApiRoute({
    summary:
      'Verify the e-mail address of an account with the token of its verification mail (the link carries it after ' +
      '#token=). Single use; the link expires after 24 hours.',
    body: VerifyEmailBody,
    response: VerifiedResponse,
    status: 200,
    errors: [400, 410],
    isPublic: true,
  })
  verify(@Body() body: unknown) {
    return this.verification.verify(parseInput(VerifyEmailBody, body, 'body').token);
  }

  @Post('auth/verify-email/resend')
  @ApiRoute({
    summary:
      'Send the signed-in user a new verification mail (the older link stops working). 409 when the address is ' +
      'verified already; 429 with Retry-After beyond VERIFICATION_RESEND_MAX_PER_HOUR.',
    response: AcceptedResponse,
    status: 202,
    errors: [409, 429, 503],
  })
  resend(@Caller() caller: Principal) {
    return this.verification.resend(caller);
  }

  @Public()
  @Post('auth/password-reset')
  @ApiRoute({
    summary:
      'Ask for a password reset link by mail (single use, 30 minutes; a new request replaces older links). The ' +
      'answer is the same whether or not the e-mail has an account.',
    body: ResetRequestBody,
    response: AcceptedResponse,
    status: 202,
    errors: [429, 503],
    isPublic: true,
  })
  requestReset(@Body() body: unknown, @Req() req: AuthedRequest) {
    return this.passwords.requestReset(parseInput(ResetRequestBody, body, 'body'), meta(req));
  }

  @Public()
  @Post('auth/password-reset/confirm')
  @ApiRoute({
    summary:
      'Set a new password with the token of a reset mail: every session of the account is signed out and the ' +
      'e-mail counts as verified. Sign in again with the new password.',
    body: ResetConfirmBody,
    status: 204,
    errors: [400, 410],
    isPublic: true,
  })
  async confirmReset(@Body() body: unknown): Promise<void> {
    await this.passwords.confirmReset(parseInput(ResetConfirmBody, body, 'body'));
  }

  @Post('me/password')
  @ApiRoute({
    summary:
      "Change the signed-in user's password (dashboard sessions only): the current password is checked (a wrong " +
      "one counts as a failed sign-in); the user's other sessions are signed out, this one stays.",
    body: ChangePasswordBody,
    status: 204,
    errors: [400, 429, 503],
  })
  async changePassword(@Body() body: unknown, @Caller() caller: Principal, @Req() req: AuthedRequest): Promise<void> {
    await this.passwords.change(caller, parseInput(ChangePasswordBody, body, 'body'), meta(req));
  }
}
