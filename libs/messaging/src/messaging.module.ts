import type { StreamDefinition } from '@app/contracts';
import { Streams } from '@app/contracts';
import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Messaging } from './messaging';

export interface MessagingModuleOptions {
  servers: string;
  service: string;
  prefix: string;
  /** Copies of each stream and KV bucket (NATS_STREAM_REPLICAS; default 1). */
  streamReplicas?: number;
  /** Streams this service owns and declares at start-up (the dead-letter stream is always declared). */
  streams?: readonly StreamDefinition[];
}

/** Provides one connected Messaging client per app; closes it (after its consumers stop) on shutdown. */
@Global()
@Module({})
export class MessagingModule implements OnApplicationShutdown {
  constructor(@Inject(Messaging) private readonly messaging: Messaging) {}

  static forRoot(options: MessagingModuleOptions): DynamicModule {
    return {
      module: MessagingModule,
      providers: [
        {
          provide: Messaging,
          useFactory: async () => {
            const logger = new Logger('Messaging');
            const messaging = await Messaging.connect({
              servers: options.servers,
              service: options.service,
              prefix: options.prefix,
              streamReplicas: options.streamReplicas,
              logger: {
                log: (m, c) => logger.log(c ?? {}, m),
                warn: (m, c) => logger.warn(c ?? {}, m),
                error: (m, c) => logger.error(c ?? {}, m),
              },
            });
            messaging.watchStatus();
            for (const stream of [Streams.deadLetters, ...(options.streams ?? [])]) {
              await messaging.ensureStream(stream);
            }
            logger.log(`connected to NATS (namespace ${options.prefix})`);
            return messaging;
          },
        },
      ],
      exports: [Messaging],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.messaging.close();
  }
}
