import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { BillingModule } from '../billing/billing.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { TwoFactorCoreModule } from '../two-factor/two-factor-core.module';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { BearerStrategy } from './bearer.strategy';
import { MeService } from './me.service';

/** Accounts (and the signed-in user's own settings), sessions and bearer-token authentication; exports AuthService (cache drops on revocations). */
@Module({
  imports: [PassportModule, BillingModule, ThrottleModule, TwoFactorCoreModule],
  controllers: [AuthController],
  providers: [AuthService, MeService, AuthRepository, BearerStrategy],
  exports: [AuthService],
})
export class AuthModule {}
