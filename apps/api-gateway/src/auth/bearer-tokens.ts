import { bearerKindOf } from '@app/secrets';

// One copy of the token format for every service (the realtime-gateway checks the same tokens): see @app/secrets.
export { hashToken, newBearerToken, type BearerKind } from '@app/secrets';

/** The kind of a bearer token of the API (share and invitation tokens are not bearer credentials). */
export function kindOf(token: string): 'session' | 'api' | null {
  const kind = bearerKindOf(token);
  return kind === 'session' || kind === 'api' ? kind : null;
}
