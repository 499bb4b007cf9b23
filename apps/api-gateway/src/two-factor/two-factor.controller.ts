import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { parseInput } from '../http/zod-input';
import { PasskeysService } from './passkeys.service';
import { TotpService } from './totp.service';
import {
  AddPasskeyBody,
  CodeBody,
  DisableTotpBody,
  PasskeyView,
  RecoveryCodes,
  RenamePasskeyBody,
  TotpEnrolment,
  TwoFactorStatus,
  WebAuthnOptions,
} from './two-factor.schemas';

const passkeyId = (id: string) => {
  if (!isUuid(id)) throw ApiError.notFound('passkey');
  return id;
};

/** The signed-in user's second factors: authenticator app (TOTP), recovery codes, passkeys. Dashboard only. */
@ApiTags('accounts')
@Controller('api/v1/me')
export class TwoFactorController {
  constructor(
    private readonly totp: TotpService,
    private readonly passkeys: PasskeysService,
  ) {}

  @Get('two-factor')
  @ApiRoute({
    summary: 'Your second factors: authenticator app, recovery codes left, passkeys, organisations requiring one',
    response: TwoFactorStatus,
  })
  status(@Caller() caller: Principal) {
    return this.totp.status(caller);
  }

  @Post('two-factor/totp')
  @ApiRoute({
    summary:
      'Start enrolling an authenticator app: its secret, otpauth URI and QR code (pending until confirmed with a code)',
    response: TotpEnrolment,
    status: 201,
    errors: [409],
  })
  startTotp(@Caller() caller: Principal) {
    return this.totp.start(caller);
  }

  @Post('two-factor/totp/confirm')
  @ApiRoute({
    summary: 'Confirm the authenticator app with a code: two factors are on; ten recovery codes, shown only here',
    body: CodeBody,
    response: RecoveryCodes,
    errors: [409],
  })
  confirmTotp(@Caller() caller: Principal, @Body() body: unknown) {
    return this.totp.confirm(caller, parseInput(CodeBody, body, 'body').code);
  }

  @Delete('two-factor/totp')
  @ApiRoute({
    summary: 'Turn the authenticator app off (and its recovery codes): needs the current password or a valid code',
    body: DisableTotpBody,
    status: 204,
    errors: [403, 404],
  })
  async disableTotp(@Caller() caller: Principal, @Body() body: unknown): Promise<void> {
    await this.totp.disable(caller, parseInput(DisableTotpBody, body, 'body'));
  }

  @Post('two-factor/recovery-codes')
  @ApiRoute({
    summary: 'Ten new recovery codes (the old ones stop working), shown only here: needs a valid code',
    body: CodeBody,
    response: RecoveryCodes,
    errors: [409],
  })
  regenerate(@Caller() caller: Principal, @Body() body: unknown) {
    return this.totp.regenerate(caller, parseInput(CodeBody, body, 'body').code);
  }

  @Post('passkeys/options')
  @ApiRoute({
    summary: 'Options to register a passkey (pass them to navigator.credentials.create within 5 minutes)',
    response: WebAuthnOptions,
  })
  passkeyOptions(@Caller() caller: Principal) {
    return this.passkeys.registrationOptions(caller);
  }

  @Post('passkeys')
  @ApiRoute({
    summary: 'Register a passkey: the browser answer to the options, and a name',
    body: AddPasskeyBody,
    response: PasskeyView,
    status: 201,
    errors: [409],
  })
  addPasskey(@Caller() caller: Principal, @Body() body: unknown) {
    const input = parseInput(AddPasskeyBody, body, 'body');
    return this.passkeys.register(caller, input.response as unknown as RegistrationResponseJSON, input.name);
  }

  @Get('passkeys')
  @ApiRoute({ summary: 'Your passkeys', response: z.array(PasskeyView) })
  listPasskeys(@Caller() caller: Principal) {
    return this.passkeys.list(caller);
  }

  @Patch('passkeys/:id')
  @ApiRoute({ summary: 'Rename a passkey', body: RenamePasskeyBody, response: PasskeyView, errors: [404] })
  renamePasskey(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.passkeys.rename(caller, passkeyId(id), parseInput(RenamePasskeyBody, body, 'body').name);
  }

  @Delete('passkeys/:id')
  @ApiRoute({ summary: 'Remove a passkey: it no longer signs in', status: 204, errors: [404] })
  async removePasskey(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    await this.passkeys.remove(caller, passkeyId(id));
  }
}
