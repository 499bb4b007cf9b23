import { Module } from '@nestjs/common';
import { HandshakeModule } from '../handshake/handshake.module';
import { MetricsModule } from '../metrics/metrics.module';
import { RevocationModule } from '../revocation/revocation.module';
import { RoomsModule } from '../rooms/rooms.module';
import { SocketModule } from '../socket/socket.module';
import { SocketGateway } from './socket.gateway';

/** The Socket.IO server on the service's HTTP port: handshakes, connections, room requests, shutdown. */
@Module({
  imports: [SocketModule, HandshakeModule, RevocationModule, RoomsModule, MetricsModule],
  providers: [SocketGateway],
})
export class GatewayModule {}
