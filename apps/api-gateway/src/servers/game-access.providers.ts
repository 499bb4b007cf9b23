import { GameTransport, ProvisioningProbe, TargetGuard } from '@app/game-client';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Injectable, type OnModuleDestroy, type Provider } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';

/**
 * The connections of registration checks to game servers: one per server at a time (a probe is a handful of
 * requests), closed when the app stops.
 */
@Injectable()
export class ProbeTransport extends GameTransport implements OnModuleDestroy {
  constructor() {
    super({ connectionsPerOrigin: 1 });
  }

  onModuleDestroy(): Promise<void> {
    return this.close();
  }
}

/** What the servers feature reaches game servers and secrets with: built here once, injected where needed. */
export const gameAccessProviders: Provider[] = [
  ProbeTransport,
  {
    provide: TargetGuard,
    useFactory: (config: ApiGatewayConfig) => new TargetGuard({ allowCidrs: config.TARGET_ALLOW_CIDRS }),
    inject: [SERVICE_CONFIG],
  },
  {
    provide: ProvisioningProbe,
    useFactory: (transport: ProbeTransport, config: ApiGatewayConfig) =>
      new ProvisioningProbe(transport, { timeoutMs: config.PROBE_TIMEOUT_MS }),
    inject: [ProbeTransport, SERVICE_CONFIG],
  },
  {
    provide: SecretBox,
    useFactory: (config: ApiGatewayConfig) => SecretBox.fromEnv(secretsOf(config)),
    inject: [SERVICE_CONFIG],
  },
];
