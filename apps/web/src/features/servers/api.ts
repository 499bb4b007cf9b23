import type { DiagStep } from '../../components/Diagnostics';
import { ApiFailure } from '../../lib/api';
import type { GetAnswer, paths } from '../../lib/api/client';
import { i18n } from '../../lib/i18n';
import { apiNdjson, failureOfLine } from '../../lib/ndjson';
import type { CreateServerBody } from '../../lib/server-form';

/** A server as GET /api/v1/servers lists it (the api-gateway's ServerView, from the OpenAPI document). */
export type ServerView = GetAnswer<'/api/v1/servers'>[number];

type CreateRoute = paths['/api/v1/servers']['post'];
export type { CreateServerBody };
/** A registered server with the provisioning probe's diagnostics (the 201 answer). */
export type CreatedServer = CreateRoute['responses'][201]['content']['application/json'];
/** One line of the live (NDJSON) answer: a finished step, then `created` or `error`. */
export type CreateLine = CreateRoute['responses'][200]['content']['application/x-ndjson'];

/** Where the live store and the REST seeds find a server; the organisation's servers (TanStack Query). */
export { serverSource, serversQuery } from '../../lib/server-queries';

/**
 * Registers a server with the live answer: `onStep` sees each diagnostic step as the probe finishes it; resolves
 * with the created server, rejects with an {@link ApiFailure} (a failed step's carries `details.step` and the
 * steps in `details.diagnostics`). A plain JSON answer (a proxy that does not stream) is understood too.
 */
export async function registerServer(body: CreateServerBody, onStep: (step: DiagStep) => void): Promise<CreatedServer> {
  let last: CreateLine | null = null;
  const answer = await apiNdjson<CreateLine>('POST', '/api/v1/servers', body, (line) => {
    if (line.type === 'step') {
      const { type: _type, ...step } = line;
      onStep(step);
    } else last = line;
  });
  if (answer.kind === 'json') return answer.body as CreatedServer;
  const outcome = last as CreateLine | null;
  if (outcome?.type === 'created') return outcome.server;
  if (outcome?.type === 'error') throw failureOfLine(outcome);
  throw new ApiFailure(
    0,
    'NetworkError',
    i18n.t('servers:wizard.unfinished'),
    i18n.t('servers:wizard.unfinishedRemedy'),
    null,
    null,
  );
}
