import { SERVICE_CONFIG } from '@app/platform';
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import type { ApiGatewayConfig } from '../app.config';
import { BillingModule } from '../billing/billing.module';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { BearerStrategy } from './bearer.strategy';
import { LoginThrottle } from './login-throttle';
import { MeService } from './me.service';

/** Accounts (and the signed-in user's own settings), sessions and bearer-token authentication; exports AuthService (cache drops on revocations). */
@Module({
  imports: [PassportModule, BillingModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    MeService,
    AuthRepository,
    BearerStrategy,
    {
      provide: LoginThrottle,
      useFactory: (config: ApiGatewayConfig) => new LoginThrottle(config.LOGIN_MAX_FAILURES),
      inject: [SERVICE_CONFIG],
    },
  ],
  exports: [AuthService],
})
export class AuthModule {}
