import { isIP } from 'node:net';
import type { ApiGatewayConfig } from '../app.config';

/** The WebAuthn relying party of the dashboard: whom passkeys are made for, and where they may be used. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** The product name users see in their authenticator app and passkey manager. */
export const ISSUER = 'Satisfactory Monitoring';

/**
 * WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS, else PUBLIC_URL's host and origin. Browsers refuse an IP address as the
 * relying party, so a PUBLIC_URL on an address (the local demo: http://127.0.0.1:3000) or none at all means
 * "localhost": passkeys then work on http://localhost:<port> (and the CORS_ORIGINS), as a browser on the same machine.
 */
export function relyingPartyOf(
  config: Pick<ApiGatewayConfig, 'WEBAUTHN_RP_ID' | 'WEBAUTHN_ORIGINS' | 'PUBLIC_URL' | 'PORT' | 'CORS_ORIGINS'>,
): RelyingParty {
  const publicUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : null;
  const domain = publicUrl && isIP(publicUrl.hostname.replace(/^\[|\]$/g, '')) === 0 ? publicUrl : null;
  const local = [`http://localhost:${publicUrl?.port || config.PORT}`, `http://localhost:${config.PORT}`];
  const origins =
    config.WEBAUTHN_ORIGINS ?? (domain ? [domain.origin] : [...new Set([...local, ...config.CORS_ORIGINS])]);
  return { id: config.WEBAUTHN_RP_ID ?? domain?.hostname ?? 'localhost', name: ISSUER, origins };
}
