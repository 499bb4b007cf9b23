import createClient, { type Middleware } from 'openapi-fetch';
import { ApiFailure, networkFailure, plainAnswer, session } from '../api';
import type { paths } from './schema';

/**
 * The typed REST client: paths, parameters, bodies and answers come from the api-gateway's OpenAPI document
 * (`schema.d.ts`, generated; `npm run gen:web-api`). The session token and the chosen organisation ride on every
 * request; every failure becomes an {@link ApiFailure} in the API's error shape (message + remedy).
 */
const withSession: Middleware = {
  onRequest({ request }) {
    const token = session.token();
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
    const org = session.orgId();
    if (token && org) request.headers.set('x-org-id', org);
    request.headers.set('accept', 'application/json');
    return request;
  },
  async onResponse({ response, request }) {
    // Failures are thrown here, in the one place, with the API's message and remedy (and a 401 ends the session).
    if (!response.ok) await plainAnswer(response, request.headers.get('authorization') ? session.token() : null);
    return response;
  },
  onError() {
    return networkFailure();
  },
};

export const client = createClient<paths>({ baseUrl: globalThis.location?.origin ?? '' });
client.use(withSession);

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** The data of a successful answer (failures were already thrown by the middleware). */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  const answer = await call;
  if (answer.error !== undefined && !answer.response.ok)
    // Unreachable in practice (the middleware throws first); kept so a changed middleware cannot hide failures.
    throw new ApiFailure(
      answer.response.status,
      `HTTP${answer.response.status}`,
      'the request failed',
      null,
      null,
      null,
    );
  return answer.data as T;
}

export type { paths } from './schema';
export type { components } from './schema';
/** The JSON answer of GET `P` (200). */
export type GetAnswer<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;
