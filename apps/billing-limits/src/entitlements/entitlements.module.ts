import { Module } from '@nestjs/common';
import { EntitlementsRepository } from './entitlements.repository';
import { EntitlementsResponder } from './entitlements.responder';

/** Plan entitlements over NATS request-reply. */
@Module({ providers: [EntitlementsRepository, EntitlementsResponder], exports: [EntitlementsResponder] })
export class EntitlementsModule {}
