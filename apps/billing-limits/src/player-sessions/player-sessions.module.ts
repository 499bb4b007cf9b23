import { Module } from '@nestjs/common';
import { PlayerSessionsConsumer } from './player-sessions.consumer';
import { PlayerSessionsRepository } from './player-sessions.repository';

/** Player sessions derived from poll results (issue 24). */
@Module({ providers: [PlayerSessionsRepository, PlayerSessionsConsumer], exports: [PlayerSessionsConsumer] })
export class PlayerSessionsModule {}
