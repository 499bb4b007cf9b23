import { CERTIFICATE_CHANGED_REMEDY, GameApiClient, GameClientError, GameTransport } from '@app/game-client';
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

  /**
   * Resolves when the game accepts the password; throws 422 when it refuses it, 502 when it cannot be asked.
   * With `pinnedFingerprint` (the certificate seen at registration) the login runs on a connection of its own
   * pinned to it, as the poller's: a server presenting another certificate is refused at the TLS handshake, before
   * the password is sent (502, step `certificate`).
   */
  async verify(address: string, port: number, password: string, pinnedFingerprint: string | null): Promise<void> {
    if (!pinnedFingerprint) return this.login(this.transport, address, port, password);
    const pinned = new GameTransport({ connectionsPerOrigin: 1 });
    pinned.pin(address, port, pinnedFingerprint);
    try {
      await this.login(pinned, address, port, password);
    } finally {
      await pinned.close();
    }
  }

  private async login(transport: GameTransport, address: string, port: number, password: string): Promise<void> {
    const api = new GameApiClient(
      transport,
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
      if (error instanceof GameClientError && error.code === 'fingerprint_mismatch')
        throw new ApiError(
          'ServerUnreachableException',
          "the server's certificate changed since registration, so the new admin password was not sent to it; " +
            'nothing was changed',
          CERTIFICATE_CHANGED_REMEDY,
          { step: 'certificate', reason: error.code },
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
