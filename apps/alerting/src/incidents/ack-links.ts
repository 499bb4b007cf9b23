import type { AckLinkState } from '@app/contracts';
import { SERVICE_CONFIG, Clock } from '@app/platform';
import { hashToken, SecretBox } from '@app/secrets';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { AlertingConfig } from '../app.config';
import { IncidentAckRepository, type AckLinkRow } from './incident-ack.repository';

/** Acknowledge tokens start so (and are at most 100 characters): anything else is not looked up. */
const PREFIX = 'gsm_ack_';
/** The path the api-gateway answers acknowledge links on (a confirm page on GET, the acknowledgement on POST). */
export const ACK_LINK_PATH = '/api/v1/incident-ack/';

const associated = (incidentId: string) => `incident-ack-link:${incidentId}`;

/**
 * The acknowledge links of chat messages (issue 24): one random token per incident, stored as its SHA-256 (looked
 * up by) and sealed with SECRETS_KEY (so every notification of the incident carries the same link, also after a
 * restart). A link expires after ALERTING_ACK_LINK_TTL_HOURS and works once. The token names nothing else: it is
 * no session, channel secret or id.
 */
@Injectable()
export class AckLinks {
  constructor(
    private readonly repository: IncidentAckRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly env: AlertingConfig,
  ) {}

  /** The incident's link, or null (no PUBLIC_URL, incident gone, link used or expired). */
  async urlFor(incidentId: string, orgId: string): Promise<string | null> {
    if (!this.env.PUBLIC_URL) return null;
    const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
    const stored = await this.repository.linkFor({
      incidentId,
      orgId,
      tokenHash: hashToken(token),
      tokenSealed: this.box.seal(token, associated(incidentId)),
      expiresAt: new Date(this.clock.nowMs() + this.env.ALERTING_ACK_LINK_TTL_HOURS * 3600_000),
    });
    if (!stored || stored.usedAt || stored.expiresAt.getTime() <= this.clock.nowMs()) return null;
    let kept: string;
    try {
      kept = this.box.open(stored.tokenSealed, associated(incidentId));
    } catch {
      return null; // sealed under a key no longer configured: no link rather than a broken one
    }
    return `${this.env.PUBLIC_URL}${ACK_LINK_PATH}${kept}`;
  }

  /** The link of a token and what it stands for now. */
  async lookUp(token: string): Promise<{ state: AckLinkState; link: AckLinkRow | null }> {
    if (!token.startsWith(PREFIX) || token.length > 100) return { state: 'unknown', link: null };
    const link = await this.repository.linkByHash(hashToken(token));
    if (!link) return { state: 'unknown', link: null };
    if (link.used_at) return { state: 'used', link };
    if (link.state === 'resolved') return { state: 'resolved', link };
    if (link.expires_at.getTime() <= this.clock.nowMs()) return { state: 'expired', link };
    return { state: 'valid', link };
  }

  /** Uses a link once; true when this call used it (the caller then acknowledges the incident). */
  use(token: string): Promise<boolean> {
    return this.repository.useLink(hashToken(token));
  }
}
