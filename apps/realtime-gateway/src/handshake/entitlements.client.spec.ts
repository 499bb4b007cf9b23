import type { Messaging } from '@app/messaging';
import { ManualClock } from '@app/platform';
import { Logger } from '@nestjs/common';
import type { RealtimeGatewayConfig } from '../app.config';
import { EntitlementsClient } from './entitlements.client';

const ORG = '0190f5f0-0000-7000-8000-00000000000b';
const CACHE_MS = 30_000;

function clientAt(clock: ManualClock, answers: (boolean | Error)[]) {
  let asked = 0;
  const messaging = {
    request: async () => {
      const answer = answers[asked++];
      if (answer instanceof Error) throw answer;
      return { shareLinks: answer };
    },
  } as unknown as Messaging;
  const config = { REALTIME_ENTITLEMENTS_CACHE_MS: CACHE_MS } as RealtimeGatewayConfig;
  return { client: new EntitlementsClient(messaging, config, clock), asked: () => asked };
}

describe('EntitlementsClient, on the injected clock', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  it('reuses an answer for REALTIME_ENTITLEMENTS_CACHE_MS, then asks again', async () => {
    const clock = new ManualClock();
    const { client, asked } = clientAt(clock, [true, false]);
    await expect(client.shareLinksAllowed(ORG)).resolves.toBe(true);
    clock.advance(CACHE_MS - 1);
    await expect(client.shareLinksAllowed(ORG)).resolves.toBe(true);
    expect(asked()).toBe(1);
    clock.advance(1);
    await expect(client.shareLinksAllowed(ORG)).resolves.toBe(false);
    expect(asked()).toBe(2);
  });

  it('asks at once when told to (fresh) or after forget(), and never keeps a failure', async () => {
    const clock = new ManualClock();
    const { client, asked } = clientAt(clock, [true, false, new Error('no responders'), true]);
    await client.shareLinksAllowed(ORG);
    await expect(client.shareLinksAllowed(ORG, { fresh: true })).resolves.toBe(false);
    client.forget(ORG);
    await expect(client.shareLinksAllowed(ORG)).rejects.toThrow(/did not answer/);
    await expect(client.shareLinksAllowed(ORG)).resolves.toBe(true);
    expect(asked()).toBe(4);
  });
});
