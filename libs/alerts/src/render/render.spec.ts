import { createHmac } from 'node:crypto';
import { type AlertMessage, SEVERITY_COLOUR, type Transition } from '../message';
import { DISCORD_LIMITS, discordProblems, renderDiscord } from './discord';
import { EMAIL_SUBJECT_MAX, renderEmail } from './email';
import { renderSlack, SLACK_LIMITS, type SlackBlock, type SlackText } from './slack';
import { renderTeams, TEAMS_MAX_BYTES } from './teams';
import { renderTelegram, TELEGRAM_MAX_TEXT } from './telegram';
import { renderWebhook, signWebhook, WEBHOOK_HEADERS } from './webhook';

const AT = new Date('2025-03-04T05:06:07.000Z');
const STARTED = new Date(AT.getTime() - 252_000); // 4 min 12 s earlier
const UNIX = Math.floor(AT.getTime() / 1000);

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
    startedAt: STARTED,
    at: AT,
    durationSeconds: null,
    fields: [
      { name: 'Last seen', value: '2 min ago', inline: true },
      { name: 'Players', value: 'alice, bob' },
    ],
    url: 'https://gsm.example.com/servers/srv-1',
    ...overrides,
  };
}

const resolved = (overrides: Partial<AlertMessage> = {}): AlertMessage =>
  message({ transition: 'resolved', title: 'Back online', durationSeconds: 252, ...overrides });

const HOSTILE_SERVER = `<script>alert(1)</script> @everyone @here & ${'S'.repeat(300)}`.slice(0, 300);

/** A server name of 300 characters with markup and mentions, 200 fields (one of 5,000 characters), 10,000-character summary. */
function hostile(overrides: Partial<AlertMessage> = {}): AlertMessage {
  const players = Array.from({ length: 199 }, (_, i) => ({
    name: `Player ${i + 1}`,
    value: `p${String(i).padStart(3, '0')}_<b>&amp;${'n'.repeat(40)}`.slice(0, 40),
    inline: true,
  }));
  return message({
    server: { id: 'srv-h', name: HOSTILE_SERVER },
    summary: `<i>@everyone</i> & ${'long summary '.repeat(1000)}`.slice(0, 10_000),
    fields: [{ name: 'Player list', value: 'x'.repeat(4990) + '<tail>&amp;' }, ...players],
    ...overrides,
  });
}

/** The same, with astral characters everywhere (2 UTF-16 units, 4 UTF-8 bytes each). */
function hostileEmoji(): AlertMessage {
  const e = (n: number): string => '😀'.repeat(n);
  return message({
    title: e(400),
    ruleName: e(3000),
    server: { id: 'srv-e', name: e(300) },
    instance: e(500),
    summary: e(10_000),
    fields: Array.from({ length: 200 }, () => ({ name: e(300), value: e(5000) })),
  });
}

const cp = (s: string): number => [...s].length;

const TRANSITIONS: Transition[] = ['fired', 'resolved', 'repeat', 'test'];

// ---------------------------------------------------------------------------------------------------------------
// Independent checks of the other receivers' limits.

function slackProblems(payload: { text: string; blocks: SlackBlock[] }): string[] {
  const problems: string[] = [];
  const check = (what: string, text: string, max: number): void => {
    if (cp(text) > max) problems.push(`${what}: ${cp(text)} > ${max}`);
    if (text.trim() === '') problems.push(`${what} is empty`);
  };
  check('text', payload.text, SLACK_LIMITS.text);
  if (payload.blocks.length > SLACK_LIMITS.blocks) problems.push('too many blocks');
  payload.blocks.forEach((block, i) => {
    if (block.type === 'header') {
      check(`blocks[${i}].header`, block.text.text, SLACK_LIMITS.header);
      if (block.text.type !== 'plain_text') problems.push('header not plain_text');
    } else if (block.type === 'section' && 'text' in block) {
      check(`blocks[${i}].text`, block.text.text, SLACK_LIMITS.sectionText);
    } else if (block.type === 'section') {
      if (block.fields.length === 0 || block.fields.length > SLACK_LIMITS.sectionFields) problems.push('fields count');
      block.fields.forEach((f: SlackText, j) => check(`blocks[${i}].fields[${j}]`, f.text, SLACK_LIMITS.fieldText));
    } else if (block.type === 'context') {
      block.elements.forEach((e, j) => check(`blocks[${i}].elements[${j}]`, e.text, SLACK_LIMITS.contextText));
    }
  });
  return problems;
}

/** Raw mrkdwn of user text must not contain unescaped `<` or `>` except Slack's own `<!date^…>` / `<url|…>`. */
function slackUserTextEscaped(text: string): boolean {
  const withoutDates = text.replace(/<!date\^\d+\^\{date_short_pretty\} \{time\}\|[^<>]*>/g, '');
  return !/[<>]/.test(withoutDates) && !/&(?!amp;|lt;|gt;)/.test(withoutDates);
}

/**
 * Parses Telegram HTML as Telegram does for the tags we allow: returns the text after entity parsing, or throws on a
 * tag other than b, i, code, a, an unbalanced tag, a bare `<`/`>`/`&`, or an unknown entity.
 */
function telegramVisible(html: string): string {
  const stack: string[] = [];
  let out = '';
  let i = 0;
  while (i < html.length) {
    const c = html[i] as string;
    if (c === '<') {
      const m = /^<(\/?)(b|i|code|a)((?: href="[^"<>]*")?)>/.exec(html.slice(i));
      if (!m) throw new Error(`bad tag at ${i}: ${html.slice(i, i + 20)}`);
      const [whole, close, tag, attr] = m as unknown as [string, string, string, string];
      if (close) {
        if (stack.pop() !== tag) throw new Error(`unbalanced </${tag}>`);
      } else {
        if (attr !== '' && tag !== 'a') throw new Error('attribute on a non-link');
        stack.push(tag);
      }
      i += whole.length;
    } else if (c === '&') {
      const m = /^&(amp|lt|gt|quot);/.exec(html.slice(i));
      if (!m) throw new Error(`bare & at ${i}`);
      out += { amp: '&', lt: '<', gt: '>', quot: '"' }[m[1] as 'amp' | 'lt' | 'gt' | 'quot'];
      i += m[0].length;
    } else if (c === '>') {
      throw new Error(`bare > at ${i}`);
    } else {
      out += c;
      i++;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(',')}`);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

describe('renderDiscord', () => {
  it('renders a fired alert as one embed that pings nobody', () => {
    const payload = renderDiscord(message());
    expect(discordProblems(payload)).toEqual([]);
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    expect(payload.content).toBeUndefined();
    const [embed] = payload.embeds;
    expect(payload.embeds).toHaveLength(1);
    expect(embed?.title).toBe('Server offline');
    expect(embed?.color).toBe(SEVERITY_COLOUR.critical);
    expect(embed?.description).toContain('My Server has not answered for 2 minutes.');
    expect(embed?.description).toContain(`<t:${UNIX}:F>`);
    expect(embed?.description).toContain(`<t:${UNIX}:R>`);
    expect(embed?.timestamp).toBe('2025-03-04T05:06:07.000Z');
    expect(embed?.url).toBe('https://gsm.example.com/servers/srv-1');
    expect(embed?.footer?.text).toBe('Incident 1a2b3c4d · rule: Server offline');
    expect(embed?.fields).toEqual([
      { name: 'Server', value: 'My Server', inline: true },
      { name: 'Last seen', value: '2 min ago', inline: true },
      { name: 'Players', value: 'alice, bob' },
    ]);
  });

  it.each(TRANSITIONS)('gives a valid payload for %s', (transition) => {
    const payload = renderDiscord(message({ transition, durationSeconds: transition === 'resolved' ? 252 : null }));
    expect(discordProblems(payload)).toEqual([]);
  });

  it('colours by severity and omits the url when there is none', () => {
    expect(renderDiscord(message({ severity: 'warning' })).embeds[0]?.color).toBe(SEVERITY_COLOUR.warning);
    expect(renderDiscord(message({ severity: 'info' })).embeds[0]?.color).toBe(SEVERITY_COLOUR.info);
    expect(renderDiscord(message({ url: null })).embeds[0]).not.toHaveProperty('url');
  });

  it('shows a recovery of server_offline in green with the downtime once: in the summary, or as a field', () => {
    const embed = renderDiscord(resolved({ summary: 'My Server is back online after 4 min 12 s down.' })).embeds[0];
    expect(embed?.color).toBe(SEVERITY_COLOUR.resolved);
    expect(embed?.title).toBe('Back online');
    // The summary says it in words: no "Downtime" field and no "Down for …" line repeats it.
    expect(JSON.stringify(embed).split('4 min 12 s')).toHaveLength(2);
    expect(embed?.fields?.map((f) => f.name)).not.toContain('Downtime');
    expect(embed?.description).not.toContain('Down for');
    // A summary that does not say it: the field does, once.
    const quiet = renderDiscord(resolved({ summary: 'My Server is back.' })).embeds[0];
    expect(quiet?.fields?.filter((f) => f.name === 'Downtime')).toEqual([
      { name: 'Downtime', value: '4 min 12 s', inline: true },
    ]);
    expect(JSON.stringify(quiet).split('4 min 12 s')).toHaveLength(2);
    // Another duration that ends like it is not it: "14 min 12 s" does not say "4 min 12 s".
    const other = renderDiscord(resolved({ summary: 'My Server was slow for 14 min 12 s.' })).embeds[0];
    expect(other?.fields?.filter((f) => f.name === 'Downtime')).toEqual([
      { name: 'Downtime', value: '4 min 12 s', inline: true },
    ]);
  });

  it.each([
    // The blocks are the message; its `text` is the notification's preview of the summary.
    ['slack', (m: AlertMessage) => JSON.stringify(renderSlack(m).blocks)],
    ['teams', (m: AlertMessage) => JSON.stringify(renderTeams(m))],
    ['e-mail', (m: AlertMessage) => renderEmail(m).text],
    ['telegram', (m: AlertMessage) => renderTelegram(m, '1').text],
  ])('says the downtime once on %s too, whether the summary says it or not', (_, render) => {
    for (const summary of ['My Server is back online after 4 min 12 s down.', 'My Server is back.'])
      expect(render(resolved({ summary })).split('4 min 12 s')).toHaveLength(2);
  });

  it('shows a Duration field for other rule kinds, and "Resolved" when the duration is unknown', () => {
    const embed = renderDiscord(resolved({ ruleKind: 'tick_rate_low', durationSeconds: 7500 })).embeds[0];
    expect(embed?.fields).toContainEqual({ name: 'Duration', value: '2 h 5 min', inline: true });
    expect(embed?.description).not.toContain('Lasted');
    const unknown = renderDiscord(resolved({ durationSeconds: null })).embeds[0];
    expect(unknown?.description).toContain('Resolved');
    expect(unknown?.fields?.map((f) => f.name)).not.toContain('Downtime');
  });

  it('makes a test obvious and a repeat say since when', () => {
    const test = renderDiscord(message({ transition: 'test' })).embeds[0];
    expect(test?.title).toBe('[TEST] Server offline');
    expect(test?.description).toMatch(/test notification/i);
    const repeat = renderDiscord(message({ transition: 'repeat' })).embeds[0];
    expect(repeat?.description).toContain(`Still firing since <t:${UNIX - 252}:F>`);
  });

  it('escapes markdown and replaces empty field names and values', () => {
    const embed = renderDiscord(
      message({
        fields: [
          { name: '', value: ' ' },
          { name: 'a_b', value: '[x](http://e)' },
        ],
      }),
    ).embeds[0];
    expect(embed?.fields?.[1]).toEqual({ name: '—', value: '—' });
    expect(embed?.fields?.[2]).toEqual({ name: 'a\\_b', value: '\\[x\\](http://e)' });
  });

  it('caps the field count at 25 with "…and N more"', () => {
    const fields = Array.from({ length: 40 }, (_, i) => ({ name: `F${i}`, value: 'v' }));
    const payload = renderDiscord(message({ fields }));
    expect(discordProblems(payload)).toEqual([]);
    const out = payload.embeds[0]?.fields ?? [];
    expect(out).toHaveLength(25);
    // Server + 23 fields + "…and 17 more"
    expect(out[24]?.name).toBe('…and 17 more');
    expect(out[23]?.name).toBe('F22');
  });

  it('clamps a hostile message and keeps the title, the server and the time', () => {
    const msg = hostile();
    const payload = renderDiscord(msg);
    expect(discordProblems(payload)).toEqual([]);
    expect(payload.allowed_mentions.parse).toEqual([]);
    const embed = payload.embeds[0];
    expect(embed?.title).toBe('Server offline');
    expect(embed?.timestamp).toBe(AT.toISOString());
    expect(embed?.description).toContain(`<t:${UNIX}:F>`);
    const server = embed?.fields?.find((f) => f.name === 'Server');
    expect(server?.value.replace(/\\(.)/g, '$1')).toBe(HOSTILE_SERVER);
    expect(server?.value).not.toContain('<script>');
    const fields = embed?.fields ?? [];
    expect(fields[fields.length - 1]?.name).toMatch(/^…and \d+ more$/);
    expect(embed?.description).toContain('…');
  });

  it('clamps astral characters in every place', () => {
    const payload = renderDiscord(hostileEmoji());
    expect(discordProblems(payload)).toEqual([]);
    expect(payload.embeds[0]?.description).toContain(`<t:${UNIX}:F>`);
    expect(cp(payload.embeds[0]?.title ?? '')).toBe(DISCORD_LIMITS.title);
  });
});

describe('discordProblems', () => {
  const valid = { embeds: [{ title: 't', fields: [{ name: 'n', value: 'v' }] }], allowed_mentions: { parse: [] } };

  it('accepts a valid payload', () => {
    expect(discordProblems(valid)).toEqual([]);
  });

  it('names every problem', () => {
    expect(discordProblems(null)).toEqual(['payload is not an object']);
    expect(discordProblems({ embeds: [], allowed_mentions: { parse: ['everyone'] } })).toEqual([
      'allowed_mentions.parse is not []',
      'neither content nor embeds',
    ]);
    const problems = discordProblems({
      content: 'c'.repeat(2001),
      embeds: [
        {
          title: 't'.repeat(257),
          description: 'd'.repeat(4097),
          color: 0x1000000,
          fields: [
            { name: '', value: 'v'.repeat(1025) },
            ...Array.from({ length: 25 }, () => ({ name: 'n', value: 'v' })),
          ],
          footer: { text: 'f'.repeat(2049) },
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'content has 2001 characters (max 2000)',
        'embeds[0].title has 257 characters (max 256)',
        'embeds[0].description has 4097 characters (max 4096)',
        'embeds[0].color is invalid',
        'embeds[0].fields has 26 items (max 25)',
        'embeds[0].fields[0].name is empty',
        'embeds[0].fields[0].value has 1025 characters (max 1024)',
        'embeds[0].footer.text has 2049 characters (max 2048)',
        expect.stringMatching(/^embeds have \d+ characters in total \(max 6000\)$/),
      ]),
    );
  });

  it('counts the total across embeds in code points', () => {
    const embed = { description: '😀'.repeat(3000) };
    expect(discordProblems({ embeds: [embed], allowed_mentions: { parse: [] } })).toEqual([]);
    expect(discordProblems({ embeds: [embed, embed, { title: 'x' }], allowed_mentions: { parse: [] } })).toEqual([
      'embeds have 6001 characters in total (max 6000)',
    ]);
  });
});

describe('renderSlack', () => {
  it('renders header, summary, fields, context and a button', () => {
    const payload = renderSlack(message());
    expect(slackProblems(payload)).toEqual([]);
    expect(payload.text).toContain('Server offline');
    expect(payload.text).toContain('My Server');
    expect(payload.blocks.map((b) => b.type)).toEqual(['header', 'section', 'section', 'context', 'actions']);
    expect(payload.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: '🔴 Server offline', emoji: true },
    });
    expect(JSON.stringify(payload.blocks[2])).toContain('*Last seen*\\n2 min ago');
    const context = payload.blocks[3] as Extract<SlackBlock, { type: 'context' }>;
    expect(context.elements[0]?.text).toContain(`<!date^${UNIX}^{date_short_pretty} {time}|2025-03-04T05:06:07.000Z>`);
    expect(payload.blocks[4]).toMatchObject({ elements: [{ url: 'https://gsm.example.com/servers/srv-1' }] });
  });

  it.each(TRANSITIONS)('stays within limits for %s', (transition) => {
    expect(slackProblems(renderSlack(message({ transition, durationSeconds: 252 })))).toEqual([]);
  });

  it('shows recovery, repeat and test', () => {
    const recovery = JSON.stringify(renderSlack(resolved()));
    expect(recovery).toContain('✅ Back online');
    expect(recovery).not.toContain('Down for');
    expect(recovery.split('*Downtime*\\n4 min 12 s')).toHaveLength(2);
    expect(JSON.stringify(renderSlack(message({ transition: 'repeat' })))).toContain('Still firing since <!date^');
    const test = renderSlack(message({ transition: 'test' }));
    expect(test.blocks[0]).toMatchObject({ text: { text: '🧪 [TEST] Server offline' } });
  });

  it('escapes &, < and > in user text (no <!channel>)', () => {
    const payload = renderSlack(
      message({ server: { id: 's', name: '<!channel> & <@U123>' }, summary: 'a <b> & c', url: null }),
    );
    const section = payload.blocks[1] as { text: SlackText };
    expect(section.text.text).toContain('&lt;!channel&gt; &amp; &lt;@U123&gt;');
    expect(section.text.text).toContain('a &lt;b&gt; &amp; c');
    expect(slackUserTextEscaped(payload.text)).toBe(true);
    expect(payload.blocks.some((b) => b.type === 'actions')).toBe(false);
  });

  it('clamps a hostile message', () => {
    for (const msg of [hostile(), hostileEmoji()]) {
      const payload = renderSlack(msg);
      expect(slackProblems(payload)).toEqual([]);
      const fields = payload.blocks.find((b) => b.type === 'section' && 'fields' in b) as { fields: SlackText[] };
      expect(fields.fields).toHaveLength(10);
      expect(fields.fields[9]?.text).toBe('_…and 191 more_');
    }
    const payload = renderSlack(hostile());
    const section = payload.blocks[1] as { text: SlackText };
    expect(section.text.text).toContain('*Server:* &lt;script&gt;');
    expect(slackUserTextEscaped(section.text.text)).toBe(true);
    expect(payload.blocks[0]).toMatchObject({ text: { text: '🔴 Server offline' } });
  });
});

describe('renderTeams', () => {
  it('renders an Adaptive Card in a Workflows message', () => {
    const payload = renderTeams(message());
    expect(payload.type).toBe('message');
    expect(payload.attachments).toHaveLength(1);
    const [attachment] = payload.attachments;
    expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(attachment.contentUrl).toBeNull();
    const card = attachment.content;
    expect(card).toMatchObject({
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
    });
    expect(card.body[0]).toEqual({
      type: 'TextBlock',
      text: 'Server offline',
      weight: 'bolder',
      size: 'medium',
      color: 'attention',
      wrap: true,
    });
    expect(card.body[1]).toEqual({ type: 'TextBlock', text: 'My Server has not answered for 2 minutes.', wrap: true });
    const facts = card.body.find((b) => b.type === 'FactSet');
    expect(facts).toMatchObject({
      facts: expect.arrayContaining([
        { title: 'Server', value: 'My Server' },
        { title: 'Time', value: '2025-03-04 05:06:07 UTC' },
        { title: 'Last seen', value: '2 min ago' },
      ]),
    });
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open dashboard', url: 'https://gsm.example.com/servers/srv-1' },
    ]);
    expect(renderTeams(message({ url: null })).attachments[0].content.actions).toBeUndefined();
  });

  it('colours by severity and shows recovery, repeat and test', () => {
    const colour = (m: AlertMessage): unknown => renderTeams(m).attachments[0].content.body[0];
    expect(colour(message({ severity: 'warning' }))).toMatchObject({ color: 'warning' });
    expect(colour(message({ severity: 'info' }))).toMatchObject({ color: 'accent' });
    expect(colour(resolved())).toMatchObject({ color: 'good', text: 'Back online' });
    const recovery = JSON.stringify(renderTeams(resolved()));
    expect(recovery).not.toContain('Down for');
    expect(recovery.split('{"title":"Downtime","value":"4 min 12 s"}')).toHaveLength(2);
    expect(JSON.stringify(renderTeams(message({ transition: 'repeat' })))).toContain('Still firing since');
    expect(colour(message({ transition: 'test' }))).toMatchObject({ text: '[TEST] Server offline' });
  });

  it('keeps the whole JSON within 28,000 bytes for a hostile message', () => {
    // The ASCII one fits whole (the 5,000-character value shortened); the astral one (4 bytes a character) does not.
    for (const [msg, last] of [
      [hostile(), /^Player 199$/],
      [hostileEmoji(), /^…and \d+ more$/],
    ] as const) {
      const payload = renderTeams(msg);
      expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(TEAMS_MAX_BYTES);
      const card = payload.attachments[0].content;
      const facts = card.body.find((b) => b.type === 'FactSet');
      expect(facts && 'facts' in facts ? facts.facts[facts.facts.length - 1]?.title : '').toMatch(last);
      expect(JSON.stringify(facts)).toContain('"title":"Time","value":"2025-03-04 05:06:07 UTC"');
    }
    const card = renderTeams(hostile()).attachments[0].content;
    expect(card.body[0]).toMatchObject({ text: 'Server offline' });
    expect(JSON.stringify(card)).toContain(JSON.stringify({ title: 'Server', value: HOSTILE_SERVER }));
  });
});

describe('renderWebhook', () => {
  it('gives the documented, stable body', () => {
    expect(renderWebhook(resolved({ instance: 'Circuit 3' }))).toEqual({
      version: 1,
      event: 'resolved',
      incident_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      severity: 'critical',
      rule: { kind: 'server_offline', name: 'Server offline' },
      server: { id: 'srv-1', name: 'My Server' },
      instance: 'Circuit 3',
      title: 'Back online',
      summary: 'My Server has not answered for 2 minutes.',
      started_at: '2025-03-04T05:01:55.000Z',
      at: '2025-03-04T05:06:07.000Z',
      duration_seconds: 252,
      fields: [
        { name: 'Last seen', value: '2 min ago' },
        { name: 'Players', value: 'alice, bob' },
      ],
      url: 'https://gsm.example.com/servers/srv-1',
    });
  });

  it.each(TRANSITIONS)('carries the event %s', (transition) => {
    const body = renderWebhook(message({ transition }));
    expect(body.event).toBe(transition);
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
  });

  it('signs timestamp and raw body with HMAC-SHA256', () => {
    const raw = JSON.stringify(renderWebhook(hostile()));
    const expected = createHmac('sha256', 'top secret').update(`1741064767.${raw}`).digest('hex');
    expect(signWebhook('top secret', 1741064767, raw)).toBe(`sha256=${expected}`);
    expect(signWebhook('top secret', 1741064768, raw)).not.toBe(`sha256=${expected}`);
    expect(signWebhook('other', 1741064767, raw)).not.toBe(`sha256=${expected}`);
    expect(signWebhook('k', 1, 'ü')).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('names its headers', () => {
    expect(WEBHOOK_HEADERS).toEqual({
      signature: 'x-gsm-signature',
      timestamp: 'x-gsm-timestamp',
      event: 'x-gsm-event',
      delivery: 'x-gsm-delivery',
      idempotency: 'idempotency-key',
    });
  });
});

describe('renderEmail', () => {
  it('renders subject, text and HTML', () => {
    const mail = renderEmail(message());
    expect(mail.subject).toBe('[CRITICAL] Server offline: My Server');
    expect(mail.text).toContain('Server: My Server');
    expect(mail.text).toContain('Time: 2025-03-04 05:06:07 UTC');
    expect(mail.text).toContain('Last seen: 2 min ago');
    expect(mail.text).toContain('Players: alice, bob');
    expect(mail.text).toContain('https://gsm.example.com/servers/srv-1');
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain('background:#e5484d');
    expect(mail.html).toContain('href="https://gsm.example.com/servers/srv-1"');
    expect(mail.html).toContain('>Open dashboard</a>');
    expect(mail.html).not.toMatch(/<link|<script|<style/i);
    expect(renderEmail(message({ url: null })).html).not.toContain('Open dashboard');
  });

  it('labels recovery, repeat and test', () => {
    const recovery = renderEmail(resolved());
    expect(recovery.subject).toBe('[RESOLVED] Back online: My Server');
    expect(recovery.text).not.toContain('Down for');
    expect(recovery.text.split('Downtime: 4 min 12 s')).toHaveLength(2);
    expect(recovery.html).toContain('background:#30a46c');
    expect(renderEmail(message({ transition: 'repeat' })).subject).toBe(
      '[CRITICAL] Server offline: My Server (still firing)',
    );
    const test = renderEmail(message({ transition: 'test' }));
    expect(test.subject).toBe('[TEST] Server offline: My Server');
    expect(test.html).toMatch(/test notification/i);
    expect(renderEmail(message({ severity: 'warning' })).subject).toBe('[WARNING] Server offline: My Server');
  });

  it('escapes every piece of user text in HTML', () => {
    const mail = renderEmail(
      message({
        title: 'Down <img src=x onerror=alert(1)>',
        server: { id: 's', name: '<script>alert("x")</script>' },
        summary: 'a & b',
        fields: [{ name: '<b>n</b>', value: '"quoted" \'single\'\nsecond line' }],
        url: 'https://gsm.example.com/?a=1&b="2"',
      }),
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>n</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('a &amp; b');
    expect(mail.html).toContain('&quot;quoted&quot; &#39;single&#39;<br>second line');
    expect(mail.html).toContain('href="https://gsm.example.com/?a=1&amp;b=&quot;2&quot;"');
    expect(renderEmail(message({ url: 'javascript:alert(1)' })).html).not.toContain('javascript:');
  });

  it('keeps the subject to one line of at most 200 characters', () => {
    const mail = renderEmail(
      message({
        title: 'Offline\r\nBcc: victim@example.com',
        server: { id: 's', name: `Evil\r\nX: y\n${'z'.repeat(500)}` },
      }),
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(cp(mail.subject)).toBeLessThanOrEqual(EMAIL_SUBJECT_MAX);
    expect(mail.subject).toMatch(/^\[CRITICAL\] Offline Bcc: victim@example.com: Evil X: y z+…$/);
    for (const msg of [hostile(), hostileEmoji()]) {
      const subject = renderEmail(msg).subject;
      expect(subject).not.toMatch(/[\r\n]/);
      expect(cp(subject)).toBeLessThanOrEqual(EMAIL_SUBJECT_MAX);
    }
  });

  it('puts every field into the text body of a hostile message', () => {
    const msg = hostile();
    const mail = renderEmail(msg);
    for (const f of msg.fields) expect(mail.text).toContain(`${f.name}: ${f.value}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>&amp;');
  });
});

describe('renderTelegram', () => {
  it('renders HTML with b, i, code and a only', () => {
    const body = renderTelegram(message(), '-100123');
    expect(body).toMatchObject({ chat_id: '-100123', parse_mode: 'HTML', disable_web_page_preview: true });
    const visible = telegramVisible(body.text);
    expect(body.text).toContain('<b>Server offline</b>');
    expect(visible).toContain('Server: My Server');
    expect(visible).toContain('2025-03-04 05:06:07 UTC');
    expect(visible).toContain('Last seen: 2 min ago');
    expect(body.text).toContain('<a href="https://gsm.example.com/servers/srv-1">Open dashboard</a>');
  });

  it.each(TRANSITIONS)('parses for %s', (transition) => {
    const body = renderTelegram(message({ transition, durationSeconds: 252 }), '1');
    expect(() => telegramVisible(body.text)).not.toThrow();
  });

  it('shows recovery, repeat and test', () => {
    expect(telegramVisible(renderTelegram(resolved(), '1').text)).toContain('Down for 4 min 12 s');
    expect(telegramVisible(renderTelegram(message({ transition: 'repeat' }), '1').text)).toContain(
      'Still firing since 2025-03-04 05:01:55 UTC (for 4 min 12 s)',
    );
    expect(telegramVisible(renderTelegram(message({ transition: 'test' }), '1').text)).toMatch(
      /\[TEST\] Server offline[\s\S]*test notification/,
    );
  });

  it('escapes user text', () => {
    const body = renderTelegram(
      message({
        server: { id: 's', name: '<script>x</script> & co' },
        fields: [{ name: '<i>', value: 'a&amp;b' }],
        url: 'https://e.example/?a=1&b="2"',
      }),
      '1',
    );
    expect(body.text).toContain('&lt;script&gt;x&lt;/script&gt; &amp; co');
    expect(body.text).toContain('<b>&lt;i&gt;</b>: a&amp;amp;b');
    expect(body.text).toContain('href="https://e.example/?a=1&amp;b=&quot;2&quot;"');
    const visible = telegramVisible(body.text);
    expect(visible).toContain('<script>x</script> & co');
    expect(visible).toContain('<i>: a&amp;b');
  });

  it('stays within 4096 characters after entity parsing for a hostile message', () => {
    for (const msg of [hostile(), hostileEmoji()]) {
      const body = renderTelegram(msg, '1');
      const visible = telegramVisible(body.text);
      expect(visible.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT); // UTF-16 units, so also code points
      expect(visible).toMatch(/…and \d+ more/);
      expect(visible).toContain('2025-03-04 05:06:07 UTC');
    }
    const visible = telegramVisible(renderTelegram(hostile(), '1').text);
    expect(visible).toContain('Server offline');
    expect(visible).toContain(`Server: ${HOSTILE_SERVER}`);
  });
});
