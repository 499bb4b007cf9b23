import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { Public, type AuthedRequest } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { PasswordlessSignIn } from './passwordless-sign-in.service';
import { SecondFactorSignIn, type SecondFactorProof } from './second-factor-sign-in.service';
import { PasskeySignInBody, SecondFactorBody, SessionResponse, WebAuthnOptions } from './two-factor.schemas';

const meta = (req: AuthedRequest) => ({ ip: req.ip ?? 'unknown', userAgent: req.headers['user-agent'] });

/** The second step of a password sign-in, and the passwordless sign-in with a passkey. */
@ApiTags('accounts')
@Controller('api/v1/auth')
export class SignInController {
  constructor(
    private readonly secondFactor: SecondFactorSignIn,
    private readonly passwordless: PasswordlessSignIn,
  ) {}

  @Public()
  @Post('login/second-factor')
  @ApiRoute({
    summary:
      'Finish a sign-in that answered second_factor_required: the challenge and one of a TOTP code, a recovery ' +
      'code or a passkey answer to passkey_options. Five wrong answers end the challenge.',
    body: SecondFactorBody,
    response: SessionResponse,
    errors: [401, 429, 503],
    isPublic: true,
  })
  secondStep(@Body() body: unknown, @Req() req: AuthedRequest) {
    const { challenge, ...proof } = parseInput(SecondFactorBody, body, 'body');
    return this.secondFactor.complete(challenge, proof as SecondFactorProof, meta(req));
  }

  @Public()
  @Post('passkey/options')
  @ApiRoute({
    summary: 'Options of a passwordless sign-in with a passkey (pass them to navigator.credentials.get)',
    response: WebAuthnOptions,
    isPublic: true,
  })
  passkeyOptions() {
    return this.passwordless.options();
  }

  @Public()
  @Post('passkey/verify')
  @ApiRoute({
    summary: 'Sign in with a passkey: the browser answer to the options gives a dashboard session',
    body: PasskeySignInBody,
    response: SessionResponse,
    errors: [401],
    isPublic: true,
  })
  passkeyVerify(@Body() body: unknown, @Req() req: AuthedRequest) {
    const { response } = parseInput(PasskeySignInBody, body, 'body');
    return this.passwordless.verify(response as unknown as AuthenticationResponseJSON, meta(req));
  }
}
