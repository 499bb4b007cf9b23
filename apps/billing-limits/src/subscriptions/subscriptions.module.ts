import { Module } from '@nestjs/common';
import { SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsResponder } from './subscriptions.responder';

/** Subscription changes over NATS request-reply. */
@Module({ providers: [SubscriptionsRepository, SubscriptionsResponder] })
export class SubscriptionsModule {}
