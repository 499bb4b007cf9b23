import { TargetGuard } from '@app/game-client';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Module } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { OidcRelyingParty } from './oidc-relying-party';
import { SsoAccountsRepository } from './sso-accounts.repository';
import { SsoConfigService } from './sso-config.service';
import { SsoLoginService } from './sso-login.service';
import { SsoThrottle } from './sso-throttle';
import { SsoConfigController, SsoLoginController } from './sso.controller';
import { SsoRepository } from './sso.repository';

/** Single sign-on with OpenID Connect: an organisation's set-up, and signing in through its provider. */
@Module({
  imports: [AuditModule, AuthModule, ThrottleModule],
  controllers: [SsoConfigController, SsoLoginController],
  providers: [
    SsoConfigService,
    SsoLoginService,
    SsoRepository,
    SsoAccountsRepository,
    SsoThrottle,
    OidcRelyingParty,
    {
      provide: TargetGuard,
      useFactory: (config: ApiGatewayConfig) => new TargetGuard({ allowCidrs: config.TARGET_ALLOW_CIDRS }),
      inject: [SERVICE_CONFIG],
    },
    {
      provide: SecretBox,
      useFactory: (config: ApiGatewayConfig) => SecretBox.fromEnv(secretsOf(config)),
      inject: [SERVICE_CONFIG],
    },
  ],
})
export class SsoModule {}
