import { Module } from '@nestjs/common';
import { RealtimeLimits } from './abuse-limits';
import { IoServer } from './io.server';

/** The Socket.IO server instance every feature emits through, and the connection and join limits. */
@Module({ providers: [IoServer, RealtimeLimits], exports: [IoServer, RealtimeLimits] })
export class SocketModule {}
