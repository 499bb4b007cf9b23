import { Module } from '@nestjs/common';
import { HandshakeModule } from '../handshake/handshake.module';
import { MetricsModule } from '../metrics/metrics.module';
import { ConnectionRegistry } from './connection-registry';
import { RevocationListener } from './revocation.listener';

/** Live connections by what can revoke them, and the events that do. */
@Module({
  imports: [HandshakeModule, MetricsModule],
  providers: [ConnectionRegistry, RevocationListener],
  exports: [ConnectionRegistry],
})
export class RevocationModule {}
