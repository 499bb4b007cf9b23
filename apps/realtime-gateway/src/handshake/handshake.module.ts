import { Module } from '@nestjs/common';
import { AccessRepository } from './access.repository';
import { EntitlementsClient } from './entitlements.client';
import { HandshakeAuthenticator } from './handshake.authenticator';

/** Who a connection is: sessions, memberships and share links, and whether a plan still has share links. */
@Module({
  providers: [AccessRepository, EntitlementsClient, HandshakeAuthenticator],
  exports: [AccessRepository, EntitlementsClient, HandshakeAuthenticator],
})
export class HandshakeModule {}
