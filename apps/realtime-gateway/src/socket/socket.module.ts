import { Module } from '@nestjs/common';
import { IoServer } from './io.server';

/** The Socket.IO server instance every feature emits through. */
@Module({ providers: [IoServer], exports: [IoServer] })
export class SocketModule {}
