import { FRM_ENDPOINTS, FRM_WRITE_ENDPOINTS } from '../world/frm-view';
import type { World } from '../world/world';

/** What an FRM endpoint answered: FRM's status and its JSON body. */
export interface FrmOutcome {
  status: number;
  body: unknown;
}

/**
 * Runs an FRM endpoint as FRM does for both of its transports (its own HTTP port and the game's `frm` proxy):
 * unknown endpoint 404, wrong method 405, writes without the token 401, "World not ready" while a save loads.
 */
export function runFrmEndpoint(
  world: World,
  endpoint: string,
  method: 'GET' | 'POST',
  options: { loading: boolean; authorized: boolean },
): FrmOutcome {
  const read = FRM_ENDPOINTS[endpoint];
  const write = FRM_WRITE_ENDPOINTS.has(endpoint);
  if (!read && !write) return { status: 404, body: { error: 'No matching endpoint found.' } };
  if (read && method !== 'GET') {
    return {
      status: 405,
      body: { error: `The ${method} method is not supported for this route. Supported methods: GET.` },
    };
  }
  if (write && method !== 'POST') {
    return {
      status: 405,
      body: { error: `The ${method} method is not supported for this route. Supported methods: POST.` },
    };
  }
  if (write && !options.authorized) return { status: 401, body: { error: 'Unauthorized' } };
  if (options.loading) return { status: 500, body: { error: 'Blocked API call: World not ready.' } };
  if (write) return { status: 200, body: [{ IsSent: true }] };
  return { status: 200, body: read!(world) };
}
