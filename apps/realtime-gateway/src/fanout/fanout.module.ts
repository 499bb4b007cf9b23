import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { RevocationModule } from '../revocation/revocation.module';
import { RoomsModule } from '../rooms/rooms.module';
import { NatsFanout } from './nats-fanout';

/** NATS events to the rooms of their server. */
@Module({ imports: [RoomsModule, RevocationModule, MetricsModule], providers: [NatsFanout] })
export class FanoutModule {}
