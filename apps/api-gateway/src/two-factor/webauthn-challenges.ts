import { Clock } from '@app/platform';
import { hashToken } from '@app/secrets';
import { Injectable } from '@nestjs/common';
import { OncePer } from '../common/once-per';
import { ApiError } from '../http/api-error';
import { TwoFactorRepository } from './two-factor.repository';

/** A passkey ceremony must finish within this time. */
const WEBAUTHN_TTL_MS = 5 * 60_000;

export type CeremonyKind = 'passkey_register' | 'passkey_sign_in';

const invalidCeremony = () =>
  new ApiError(
    'ValidationFailed',
    'the passkey answer does not belong to a current request (expired, used, or never issued)',
    'Start again: ask for new options and answer them within 5 minutes.',
    { field: 'response' },
  );

/** The challenge a WebAuthn response signed, read from its clientDataJSON (base64url JSON), or null. */
export function signedChallenge(response: unknown): string | null {
  const data = (response as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON;
  if (typeof data !== 'string' || data.length > 10_000) return null;
  try {
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Server-side WebAuthn challenges of registrations and passwordless sign-ins: kept hashed, short-lived and used
 * once (the response names its challenge; the row must exist, be of the same ceremony and user, and be unused).
 */
@Injectable()
export class WebAuthnChallenges {
  private readonly pruning = new OncePer(60_000);

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly clock: Clock,
  ) {}

  async issue(kind: CeremonyKind, challenge: string, userId: string | null): Promise<void> {
    await this.repository.createChallenge({
      kind,
      tokenHash: hashToken(challenge),
      userId,
      webauthnChallenge: null,
      expiresAt: new Date(this.clock.nowMs() + WEBAUTHN_TTL_MS),
    });
    // Expired challenges (of every kind) are kept an hour for the record, then dropped: at most once a minute.
    const now = this.clock.nowMs();
    if (this.pruning.due('prune', now))
      void this.repository.pruneChallenges(new Date(now - 3_600_000)).catch(() => undefined);
  }

  /** Uses up the challenge the response signed; 400 when it is unknown, expired, used or another's. */
  async consume(kind: CeremonyKind, response: unknown, userId: string | null): Promise<string> {
    const challenge = signedChallenge(response);
    if (!challenge) throw invalidCeremony();
    const row = await this.repository.challenge(hashToken(challenge));
    if (!row || row.kind !== kind || (userId !== null && row.userId !== userId)) throw invalidCeremony();
    if (!(await this.repository.consumeChallenge(row.id, this.clock.now()))) throw invalidCeremony();
    return challenge;
  }
}
