import type { ApiGatewayConfig } from '../app.config';

/** The WebAuthn relying party of the dashboard: whom passkeys are made for, and where they may be used. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** The product name users see in their authenticator app and passkey manager. */
export const ISSUER = 'Satisfactory Monitoring';

/** WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS, else PUBLIC_URL, else localhost (the local demo and the tests). */
export function relyingPartyOf(
  config: Pick<ApiGatewayConfig, 'WEBAUTHN_RP_ID' | 'WEBAUTHN_ORIGINS' | 'PUBLIC_URL' | 'PORT' | 'CORS_ORIGINS'>,
): RelyingParty {
  const publicUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : null;
  const origins =
    config.WEBAUTHN_ORIGINS ??
    (publicUrl ? [publicUrl.origin] : [`http://localhost:${config.PORT}`, ...config.CORS_ORIGINS]);
  return { id: config.WEBAUTHN_RP_ID ?? publicUrl?.hostname ?? 'localhost', name: ISSUER, origins };
}
