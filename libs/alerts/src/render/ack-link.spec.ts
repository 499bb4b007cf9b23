import type { MessageWords } from '../i18n/words';
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
      `[Bestätigen (ich kümmere mich)](${ACK}?lang=de)`,
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

  it('the "acknowledged by" notice is said in each channel\'s language from its words (names as given)', () => {
    const words: MessageWords = {
      title: {
        key: 'acknowledged',
        of: {
          key: 'fired',
          rule: { kind: 'server_offline', name: 'Server offline' },
          subject: { server: 'My Server', instance: null },
        },
      },
      summary: { key: 'acknowledged', name: 'Ada' },
      fields: [],
      instance: null,
      rule: { kind: 'server_offline', name: 'Server offline' },
    };
    const notice = message({ transition: 'acknowledged', title: 'Acknowledged: x', summary: 'x', words });
    expect(renderDiscord(notice, 'de').embeds[0]?.title).toMatch(/^Bestätigt: .*My Server/);
    expect(renderDiscord(notice, 'de').embeds[0]?.description).toMatch(/^Ada hat diesen Vorfall bestätigt/);
    expect(renderSlack(notice, 'fr').text).toMatch(/Prise en charge : .*My Server/);
    expect(renderWebhook(notice, 'nl')).toMatchObject({
      title: expect.stringMatching(/^Bevestigd: /),
      summary: expect.stringMatching(/^Ada heeft/),
    });
    expect(renderWebhook(notice, 'en').summary).toBe(
      'Ada acknowledged this incident and is on it; repeat notifications stop until it resolves.',
    );
  });
});
