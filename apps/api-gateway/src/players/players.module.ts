import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { MetricsModule } from '../metrics/metrics.module';
import { PlayersController } from './players.controller';
import { PlayersRepository } from './players.repository';
import { PlayersService } from './players.service';

/** Player history routes (issue 24); imported after MetricsModule so players/history and players/trails match first. */
@Module({
  imports: [BillingModule, MetricsModule],
  controllers: [PlayersController],
  providers: [PlayersRepository, PlayersService],
})
export class PlayersModule {}
