import { Module } from '@nestjs/common';
import { HandshakeModule } from '../handshake/handshake.module';
import { MetricsModule } from '../metrics/metrics.module';
import { ConnectionRegistry } from './connection-registry';
import { IdleSessionSweeper } from './idle-sessions';
import { RevocationListener } from './revocation.listener';

/** Live connections by what can revoke them, the events that do, and the idle sessions' sweep. */
@Module({
  imports: [HandshakeModule, MetricsModule],
  providers: [ConnectionRegistry, RevocationListener, IdleSessionSweeper],
  exports: [ConnectionRegistry],
})
export class RevocationModule {}
