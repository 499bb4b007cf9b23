import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { SocketModule } from '../socket/socket.module';
import { RoomService } from './room.service';
import { SnapshotRepository } from './snapshot.repository';

/** Rooms per server: joins with their snapshot, leaves, emits. */
@Module({
  imports: [SocketModule, MetricsModule],
  providers: [SnapshotRepository, RoomService],
  exports: [RoomService],
})
export class RoomsModule {}
