import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Module } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { FactorCodes } from './factor-codes';
import { OrgSecurityController } from './org-security.controller';
import { OrgSecurityService } from './org-security.service';
import { PasskeysService } from './passkeys.service';
import { PasswordlessSignIn } from './passwordless-sign-in.service';
import { SecondFactorSignIn } from './second-factor-sign-in.service';
import { SignInController } from './sign-in.controller';
import { TotpService } from './totp.service';
import { TwoFactorCoreModule } from './two-factor-core.module';
import { TwoFactorController } from './two-factor.controller';
import { WebAuthnChallenges } from './webauthn-challenges';

/**
 * Second factors: authenticator apps (TOTP) with recovery codes, passkeys (also for passwordless sign-in), the
 * second step of a sign-in, and the organisation policy "two factors required". Re-exports the core (the gate the
 * request guard and the invitations ask).
 */
@Module({
  imports: [AuditModule, AuthModule, BillingModule, ThrottleModule, TwoFactorCoreModule],
  controllers: [TwoFactorController, SignInController, OrgSecurityController],
  providers: [
    FactorCodes,
    TotpService,
    PasskeysService,
    WebAuthnChallenges,
    SecondFactorSignIn,
    PasswordlessSignIn,
    OrgSecurityService,
    {
      provide: SecretBox,
      useFactory: (config: ApiGatewayConfig) => SecretBox.fromEnv(secretsOf(config)),
      inject: [SERVICE_CONFIG],
    },
  ],
  exports: [TwoFactorCoreModule],
})
export class TwoFactorModule {}
