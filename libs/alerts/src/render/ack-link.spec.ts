import type { AlertMessage } from '../message';
import { discordProblems, renderDiscord } from './discord';
import { renderSlack } from './slack';
import { renderWebhook } from './webhook';

const AT = new Date('2026-11-27T10:00:00.000Z');
const ACK = 'https://gsm.example.com/api/v1/incident-ack/gsm_ack_abc';

function message(overrides: Partial<AlertMessage> = {}): AlertMessage {
  return {
    transition: 'fired',
    severity: 'critical',
    ruleKind: 'server_offline',
    ruleName: 'Server offline',
    incidentId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    server: { id: 'srv-1', name: 'My Server' },
    instance: null,
    title: 'Server offline',
    summary: 'My Server has not answered for 2 minutes.',
    startedAt: AT,
    at: AT,
    durationSeconds: null,
    fields: [],
    url: 'https://gsm.example.com/servers/srv-1',
    ...overrides,
  };
}

describe('the acknowledge link of a chat message (issue 24)', () => {
  it('Discord: a masked link in the description, in the channel language, within the limits', () => {
    const payload = renderDiscord(message({ ackUrl: ACK }));
    expect(payload.embeds[0]?.description).toContain(`[Acknowledge](${ACK})`);
    expect(discordProblems(payload)).toEqual([]);
    expect(renderDiscord(message({ ackUrl: ACK }), 'de').embeds[0]?.description).toContain(
      `[Bestätigen (ich kümmere mich)](${ACK})`,
    );
    // A summary of the longest kind is shortened; the link stays.
    const long = renderDiscord(message({ ackUrl: ACK, summary: 'x'.repeat(10_000) }));
    expect(long.embeds[0]?.description).toContain(ACK);
    expect(discordProblems(long)).toEqual([]);
  });

  it('Slack: an Acknowledge button beside Open dashboard', () => {
    const blocks = renderSlack(message({ ackUrl: ACK })).blocks;
    const actions = blocks.find((b) => b.type === 'actions') as { elements: { url: string; text: { text: string } }[] };
    expect(actions.elements.map((e) => [e.text.text, e.url])).toEqual([
      ['Open dashboard', 'https://gsm.example.com/servers/srv-1'],
      ['Acknowledge', ACK],
    ]);
  });

  it('no link without one, and none that is not an http(s) URL', () => {
    expect(JSON.stringify(renderDiscord(message()))).not.toContain('incident-ack');
    expect(JSON.stringify(renderDiscord(message({ ackUrl: 'javascript:alert(1)' })))).not.toContain('javascript:');
    expect(JSON.stringify(renderSlack(message({ ackUrl: null })))).not.toContain('Acknowledge');
  });

  it('webhooks (machines) never carry it', () => {
    expect(JSON.stringify(renderWebhook(message({ ackUrl: ACK })))).not.toContain('incident-ack');
  });

  it('an acknowledgement notice is its own webhook event', () => {
    expect(renderWebhook(message({ transition: 'acknowledged', title: 'Acknowledged: Server offline' }))).toMatchObject(
      { event: 'acknowledged', title: 'Acknowledged: Server offline' },
    );
  });
});
