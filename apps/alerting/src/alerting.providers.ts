import { TargetGuard } from '@app/game-client';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Global, Module } from '@nestjs/common';
import type { AlertingConfig } from './app.config';

/**
 * The collaborators built from alerting's environment, once: the SecretBox that seals and opens channel settings,
 * and the TargetGuard that decides which hosts a channel may send to.
 */
@Global()
@Module({
  providers: [
    {
      provide: SecretBox,
      useFactory: (env: AlertingConfig) => SecretBox.fromEnv(secretsOf(env)),
      inject: [SERVICE_CONFIG],
    },
    {
      provide: TargetGuard,
      useFactory: (env: AlertingConfig) => new TargetGuard({ allowCidrs: env.TARGET_ALLOW_CIDRS }),
      inject: [SERVICE_CONFIG],
    },
  ],
  exports: [SecretBox, TargetGuard],
})
export class AlertingProvidersModule {}
