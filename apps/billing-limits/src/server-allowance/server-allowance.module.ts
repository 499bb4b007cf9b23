import { Module } from '@nestjs/common';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { ServerAllowanceRepository } from './server-allowance.repository';
import { ServerAllowanceResponder } from './server-allowance.responder';

/** The server-count check of the plan over NATS request-reply. */
@Module({ imports: [EntitlementsModule], providers: [ServerAllowanceRepository, ServerAllowanceResponder] })
export class ServerAllowanceModule {}
