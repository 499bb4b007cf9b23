import { GameApiClient, GameClientError } from '@app/game-client';
import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { ProbeTransport } from './game-access.providers';

/** Checks a new admin password with the game's PasswordLogin before it replaces the stored one. */
@Injectable()
export class AdminPasswordProbe {
  constructor(
    private readonly transport: ProbeTransport,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  /** Resolves when the game accepts the password; throws 422 when it refuses it, 502 when it cannot be asked. */
  async verify(address: string, port: number, password: string): Promise<void> {
    const api = new GameApiClient(
      this.transport,
      { address, port },
      { timeoutMs: this.config.PROBE_TIMEOUT_MS, password: () => password },
    );
    try {
      await api.login();
    } catch (error) {
      if (error instanceof GameClientError && error.code === 'wrong_password')
        throw new ApiError(
          'InvalidAdminPasswordException',
          'PasswordLogin refused the new admin password; nothing was changed',
          'Use the admin password set in the server manager of the game (or with the console command).',
          { step: 'password_login', reason: error.code },
        );
      const observed = error instanceof Error ? error.message : 'no answer';
      throw new ApiError(
        'ServerUnreachableException',
        `the new admin password could not be checked: ${observed}; nothing was changed`,
        'Make sure the server runs and is reachable, then try again.',
        { step: 'password_login', reason: error instanceof GameClientError ? error.code : 'unknown' },
      );
    }
  }
}
