import { Module } from '@nestjs/common';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { ApiQuotaRepository } from './api-quota.repository';
import { ApiQuotaResponder } from './api-quota.responder';

/** Daily API quota leases over NATS request-reply. */
@Module({ imports: [EntitlementsModule], providers: [ApiQuotaRepository, ApiQuotaResponder] })
export class ApiQuotaModule {}
