import { Module } from '@nestjs/common';
import { EntitlementsRepository } from './entitlements.repository';
import { EntitlementsResponder } from './entitlements.responder';

/** Plan entitlements over NATS request-reply; the repository is shared by the quota and allowance checks. */
@Module({
  providers: [EntitlementsRepository, EntitlementsResponder],
  exports: [EntitlementsRepository, EntitlementsResponder],
})
export class EntitlementsModule {}
