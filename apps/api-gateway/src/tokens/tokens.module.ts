import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { TokensController } from './tokens.controller';
import { TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';

/** API tokens of the public API. */
@Module({
  imports: [AuditModule, AuthModule, BillingModule],
  controllers: [TokensController],
  providers: [TokensService, TokensRepository],
})
export class TokensModule {}
