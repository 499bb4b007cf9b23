import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { InvitationsService } from './invitations.service';
import { TwoFactorCoreModule } from '../two-factor/two-factor-core.module';
import { MembersController } from './members.controller';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/** An organisation's members, roles and invitations. */
@Module({
  imports: [AuditModule, AuthModule, BillingModule, TwoFactorCoreModule],
  controllers: [MembersController],
  providers: [MembersService, InvitationsService, MembersRepository],
})
export class OrgModule {}
