import { Requests } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { SecretBox } from '@app/secrets';
import type { AlertChannelsService } from './alert-channels.service';
import { AlertConfigFailure } from './alert-config.errors';
import { AlertConfigResponder } from './alert-config.responder';
import type { AlertRulesService } from './alert-rules.service';
import type { IncidentAckService } from '../incidents/incident-ack.service';
import type { IncidentLogService } from './incident-log.service';
import type { SilencesService } from './silences.service';
import type { RecipientsService } from '../recipients/recipients.service';

const ORG = '7a1d3c1e-3f47-4d2a-9b7e-2f1c5d9a8e10';
const SERVER = '6f1d3c1e-3f47-4d2a-9b7e-2f1c5d9a8e10';

/** The responder with its request handlers captured by subject, and a rules service that fails as told. */
function setup(fail: unknown) {
  const handlers = new Map<string, (request: unknown) => Promise<unknown>>();
  const messaging = {
    reply: (contract: { subject: string }, handler: (request: unknown) => Promise<unknown>) =>
      void handlers.set(contract.subject, handler),
    subscribe: () => undefined,
  } as unknown as Messaging;
  const rules = {
    list: async () => {
      throw fail;
    },
  } as unknown as AlertRulesService;
  const responder = new AlertConfigResponder(
    messaging,
    rules,
    {} as AlertChannelsService,
    {} as SilencesService,
    {} as IncidentLogService,
    new SecretBox(Buffer.alloc(32, 3).toString('base64')),
    {} as RecipientsService,
    {} as IncidentAckService,
  );
  responder.onApplicationBootstrap();
  return (request: unknown) => handlers.get(Requests.alertRuleList.subject)!(request);
}

describe('AlertConfigResponder: how failures are answered', () => {
  it('a refusal is answered as its typed error', async () => {
    const ask = setup(AlertConfigFailure.invalid('bad threshold', 'Use 1-60.', [{ field: 'above', problem: 'x' }]));
    await expect(ask({ orgId: ORG, serverId: SERVER })).resolves.toMatchObject({
      ok: false,
      error: { code: 'ValidationFailed', message: 'bad threshold' },
    });
  });

  it('PostgreSQL away is a ServiceUnavailable to retry (503 at the gateway), not a failure of alerting', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    await expect(setup(down)({ orgId: ORG, serverId: SERVER })).resolves.toEqual({
      ok: false,
      error: {
        code: 'ServiceUnavailable',
        message: 'the database is unavailable at the moment',
        remedy: 'Try again in a few seconds (Retry-After).',
      },
    });
  });

  it('a bug stays an error (the messaging lib answers it as a remote error: a 500 with an error id)', async () => {
    await expect(setup(new TypeError('x is undefined'))({ orgId: ORG, serverId: SERVER })).rejects.toThrow(TypeError);
  });
});
