import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuditModule } from '../audit/audit.module';
import { BillingModule } from '../billing/billing.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { AccountController } from './account.controller';
import { AccountTokensRepository } from './account-tokens.repository';
import { TwoFactorCoreModule } from '../two-factor/two-factor-core.module';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { BearerStrategy } from './bearer.strategy';
import { EmailVerificationService } from './email-verification.service';
import { MeService } from './me.service';
import { PasswordService } from './password.service';

/** Accounts (and the signed-in user's own settings; e-mail verification, password reset and change), sessions and bearer-token authentication; exports AuthService (cache drops on revocations). */
@Module({
  imports: [PassportModule, AuditModule, BillingModule, ThrottleModule, TwoFactorCoreModule],
  controllers: [AuthController, AccountController],
  providers: [
    AuthService,
    MeService,
    AuthRepository,
    BearerStrategy,
    AccountTokensRepository,
    EmailVerificationService,
    PasswordService,
  ],
  exports: [AuthService, EmailVerificationService],
})
export class AuthModule {}
