import { createTransport } from 'nodemailer';
import { randomUUID } from 'node:crypto';
import {
  HttpReceiver,
  parseTelegramHtml,
  parseTelegramMarkdownV2,
  signGsmPayload,
  startDiscordReceiver,
  startSlackReceiver,
  startSmtpReceiver,
  startTeamsReceiver,
  startTelegramReceiver,
  startWebhookReceiver,
  validateDiscordWebhookPayload,
  verifyGsmSignature,
  type DiscordReceiver,
  type SlackReceiver,
  type TeamsReceiver,
  type TelegramReceiver,
  type WebhookReceiver,
} from '../src';

/** Loopback receivers for alert notifications, exercised over real HTTP and SMTP. */

const post = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const fetchError = async (url: string): Promise<{ code?: string; message: string }> => {
  const error = await fetch(url, { method: 'POST', body: '{}' }).then(
    () => undefined,
    (e: unknown) => e as Error & { cause?: { code?: string } },
  );
  if (!error) throw new Error(`${url} answered`);
  return { code: error.cause?.code, message: error.message };
};

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('HttpReceiver', () => {
  let receiver: HttpReceiver;
  beforeAll(async () => {
    receiver = await HttpReceiver.start({ name: 'plain' });
  });
  afterAll(() => receiver.close());
  beforeEach(() => receiver.reset());

  test('records requests, scripted answers come first, waitFor sees later arrivals', async () => {
    expect(receiver.url('/x')).toBe(`http://127.0.0.1:${receiver.port}/x`);
    receiver.answerNext({ status: 500 }, { status: 429, body: { slow: 'down' }, headers: { 'retry-after': '2' } });
    const later = receiver.waitFor((r) => r.path === '/c');
    expect((await post(receiver.url('/a'), { n: 1 })).status).toBe(500);
    const second = await post(receiver.url('/b?x=1'), { n: 2 });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('2');
    expect(await second.json()).toEqual({ slow: 'down' });
    expect((await post(receiver.url('/c'), { n: 3 })).status).toBe(200);
    const c = await later;
    expect(c).toMatchObject({ method: 'POST', path: '/c', json: { n: 3 }, status: 200, scripted: false });
    expect(receiver.requests.map((r) => r.status)).toEqual([500, 429, 200]);
    expect(receiver.requests[1]).toMatchObject({ query: { x: '1' }, scripted: true });
    expect(receiver.requests[0]?.headers['content-type']).toBe('application/json');
    expect(receiver.accepted()).toHaveLength(1);
    expect(receiver.rejected()).toHaveLength(2);
    expect(await receiver.waitForCount((r) => r.method === 'POST', 3, 100)).toHaveLength(3);
  });

  test('waitFor times out listing what arrived', async () => {
    await post(receiver.url('/only'), { hello: 'world' });
    await expect(receiver.waitFor((r) => r.path === '/never', 100)).rejects.toThrow(
      /expected 1 matching within 100 ms, found 0; received 1:\n {2}#1 POST \/only → 200 body: \{"hello":"world"\}/,
    );
  });

  test('bodies over 1 MiB get 413; hangUp drops the connection', async () => {
    const big = await fetch(receiver.url('/big'), { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(receiver.requests[0]?.problems[0]).toMatch(/larger than 1048576/);
    receiver.answerNext({ status: 200, hangUp: true });
    await expect(post(receiver.url('/drop'), {})).rejects.toThrow();
    expect(receiver.requests[1]?.status).toBe(0);
  });

  test('goDown refuses connections (ECONNREFUSED), comeBack listens on the same port', async () => {
    const port = receiver.port;
    await post(receiver.url('/before'), {}); // leaves a keep-alive connection open
    await receiver.goDown();
    expect(receiver.isDown).toBe(true);
    expect((await fetchError(receiver.url('/down'))).code).toBe('ECONNREFUSED');
    await receiver.comeBack();
    expect(receiver.port).toBe(port);
    expect((await post(receiver.url('/after'), {})).status).toBe(200);
  });
});

describe('Discord receiver', () => {
  let discord: DiscordReceiver;
  beforeAll(async () => {
    discord = await startDiscordReceiver({ rateLimit: false });
  });
  afterAll(() => discord.close());
  beforeEach(() => discord.reset());

  const embed = {
    title: 'Server down: Factory One',
    description: 'No answer for 3 polls',
    url: 'https://gsm.example/servers/1',
    color: 0xe74c3c,
    timestamp: new Date().toISOString(),
    fields: [
      { name: 'Players', value: '0', inline: true },
      { name: 'Last seen', value: '2 minutes ago', inline: true },
    ],
    footer: { text: 'GSM alerts' },
    author: { name: 'GSM' },
  };

  test('accepts a valid message: 204, or 200 with the message object with ?wait=true', async () => {
    expect(discord.webhookUrl).toBe(`http://127.0.0.1:${discord.port}/api/webhooks/123456789012345678/test-token-abc`);
    const res = await post(discord.webhookUrl, { content: 'alert', embeds: [embed], username: 'GSM' });
    expect(res.status).toBe(204);
    const waited = await post(`${discord.webhookUrl}?wait=true`, { embeds: [embed] });
    expect(waited.status).toBe(200);
    const message = (await waited.json()) as Record<string, unknown>;
    expect(message).toMatchObject({ webhook_id: '123456789012345678', content: '', embeds: [{ title: embed.title }] });
    expect(typeof message.id).toBe('string');
    expect(typeof message.channel_id).toBe('string');
    expect(Date.parse(message.timestamp as string)).not.toBeNaN();
    expect(discord.messages()).toHaveLength(2);
    expect(discord.messages()[0]?.content).toBe('alert');
  });

  test.each([
    ['content over 2000', { content: 'x'.repeat(2001) }, 'content'],
    ['username over 80', { content: 'a', username: 'u'.repeat(81) }, 'username'],
    ['username containing discord', { content: 'a', username: 'GSM Discord' }, 'username'],
    ['avatar_url not a URL', { content: 'a', avatar_url: 'not a url' }, 'avatar_url'],
    ['more than 10 embeds', { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, 'embeds'],
    ['title over 256', { embeds: [{ title: 't'.repeat(257) }] }, 'embeds.0.title'],
    ['description over 4096', { embeds: [{ description: 'd'.repeat(4097) }] }, 'embeds.0.description'],
    [
      'more than 25 fields',
      { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] },
      'embeds.0.fields',
    ],
    ['empty field name', { embeds: [{ fields: [{ name: '', value: 'v' }] }] }, 'embeds.0.fields.0.name'],
    ['blank field value', { embeds: [{ fields: [{ name: 'n', value: '  ' }] }] }, 'embeds.0.fields.0.value'],
    [
      'field value over 1024',
      { embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] },
      'embeds.0.fields.0.value',
    ],
    [
      'inline not boolean',
      { embeds: [{ fields: [{ name: 'n', value: 'v', inline: 'yes' }] }] },
      'embeds.0.fields.0.inline',
    ],
    ['footer text over 2048', { embeds: [{ footer: { text: 'f'.repeat(2049) } }] }, 'embeds.0.footer.text'],
    ['author name over 256', { embeds: [{ author: { name: 'a'.repeat(257) } }] }, 'embeds.0.author.name'],
    ['color over 0xFFFFFF', { embeds: [{ color: 0x1000000 }] }, 'embeds.0.color'],
    ['color as a string', { embeds: [{ color: '#ff0000' }] }, 'embeds.0.color'],
    ['timestamp in milliseconds', { embeds: [{ timestamp: Date.now() }] }, 'embeds.0.timestamp'],
    ['timestamp not ISO', { embeds: [{ timestamp: 'yesterday' }] }, 'embeds.0.timestamp'],
    ['embed url not a URL', { embeds: [{ title: 't', url: 'gsm/servers/1' }] }, 'embeds.0.url'],
    [
      'embeds over 6000 characters in total',
      { embeds: [1, 2].map(() => ({ description: 'd'.repeat(3000), title: 'over' })) },
      'embeds',
    ],
    ['allowed_mentions not an object', { content: 'a', allowed_mentions: 'none' }, 'allowed_mentions'],
  ])('rejects %s with 400 code 50035', async (_name, body, path) => {
    const res = await post(discord.webhookUrl, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { code: number; message: string; errors: Record<string, unknown> };
    expect(answer).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    let node: unknown = answer.errors;
    for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
    expect((node as { _errors: unknown[] })._errors.length).toBeGreaterThan(0);
    expect(discord.requests[0]?.problems.some((p) => p.startsWith(`${path}:`))).toBe(true);
    expect(discord.messages()).toHaveLength(0);
  });

  test('counts code points, so 2000 emoji are allowed', () => {
    expect(validateDiscordWebhookPayload({ content: '🔥'.repeat(2000) }).valid).toBe(true);
    expect(validateDiscordWebhookPayload({ content: 'ok', unknown_key: 1 }).valid).toBe(true);
  });

  test('rejects empty messages, invalid JSON and the wrong content-type', async () => {
    for (const body of [{}, { content: '' }, { embeds: [] }, { username: 'GSM' }]) {
      const res = await post(discord.webhookUrl, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Cannot send an empty message', code: 50006 });
    }
    const invalid = await post(discord.webhookUrl, '{"content": ');
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { code: number }).code).toBe(50109);
    const notObject = await post(discord.webhookUrl, '["content"]');
    expect(notObject.status).toBe(400);
    const text = await fetch(discord.webhookUrl, { method: 'POST', body: '{"content":"hi"}' });
    expect(text.status).toBe(400);
    expect(discord.requests.at(-1)?.problems[0]).toMatch(/content-type must be application\/json/);
  });

  test('unknown webhook 404 code 10015, wrong token 401, deleted webhook 404', async () => {
    const unknown = await post(discord.url('/api/webhooks/1/nope'), { content: 'x' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Unknown Webhook', code: 10015 });
    const wrongToken = await post(discord.url('/api/webhooks/123456789012345678/wrong'), { content: 'x' });
    expect(wrongToken.status).toBe(401);
    const other = discord.webhookUrlFor('42', 'tok');
    expect((await post(other, { content: 'x' })).status).toBe(204);
    discord.forgetWebhook('42');
    expect((await post(other, { content: 'x' })).status).toBe(404);
  });

  test('rateLimitNext scripts a Discord 429', async () => {
    discord.rateLimitNext(1.5);
    const res = await post(discord.webhookUrl, { content: 'x' });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: 'You are being rate limited.', retry_after: 1.5, global: false });
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('x-ratelimit-scope')).toBe('user');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(res.headers.get('x-ratelimit-reset-after')).toBe('1.500');
    expect((await post(discord.webhookUrl, { content: 'x' })).status).toBe(204);
  });

  test('rate limits each webhook like Discord', async () => {
    const limited = await startDiscordReceiver({ rateLimit: { requests: 2, perMs: 300 } });
    try {
      const first = await post(limited.webhookUrl, { content: '1' });
      expect(first.status).toBe(204);
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      expect(Number(first.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
      expect((await post(limited.webhookUrl, { content: '2' })).status).toBe(204);
      const third = await post(limited.webhookUrl, { content: '3' });
      expect(third.status).toBe(429);
      const body = (await third.json()) as { retry_after: number; global: boolean; message: string };
      expect(body.message).toBe('You are being rate limited.');
      expect(body.global).toBe(false);
      expect(body.retry_after).toBeGreaterThan(0);
      expect(body.retry_after).toBeLessThanOrEqual(0.3);
      expect(third.headers.get('retry-after')).toBe('1');
      expect(third.headers.get('x-ratelimit-scope')).toBe('user');
      // another webhook has its own bucket
      expect((await post(limited.webhookUrlFor('99', 't'), { content: 'other' })).status).toBe(204);
      await sleep(body.retry_after * 1000 + 30);
      expect((await post(limited.webhookUrl, { content: '4' })).status).toBe(204);
      expect(limited.messages().map((m) => m.content)).toEqual(['1', '2', 'other', '4']);
    } finally {
      await limited.close();
    }
  });
});

describe('Slack receiver', () => {
  let slack: SlackReceiver;
  beforeAll(async () => {
    slack = await startSlackReceiver();
  });
  afterAll(() => slack.close());
  beforeEach(() => slack.reset());

  test('accepts text and blocks with 200 ok', async () => {
    const res = await post(slack.webhookUrl, { text: 'Server down' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    const blocks = await post(slack.webhookUrl, {
      text: 'fallback',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Server down' } },
        { type: 'section', text: { type: 'mrkdwn', text: '*Factory One* is down' } },
        { type: 'divider' },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'GSM' }] },
      ],
    });
    expect(blocks.status).toBe(200);
    expect(slack.messages()).toHaveLength(2);
  });

  test.each([
    ['no text nor blocks', { username: 'x' }, 'no_text'],
    ['empty text', { text: '' }, 'no_text'],
    ['more than 50 blocks', { blocks: Array.from({ length: 51 }, () => ({ type: 'divider' })) }, 'invalid_blocks'],
    [
      'section text over 3000',
      { blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(3001) } }] },
      'invalid_blocks',
    ],
    [
      'header over 150',
      { blocks: [{ type: 'header', text: { type: 'plain_text', text: 'x'.repeat(151) } }] },
      'invalid_blocks',
    ],
    ['header in mrkdwn', { blocks: [{ type: 'header', text: { type: 'mrkdwn', text: '*x*' } }] }, 'invalid_blocks'],
    ['unknown block type', { blocks: [{ type: 'banner' }] }, 'invalid_blocks'],
    ['a JSON array', [], 'invalid_payload'],
    ['broken JSON', '{"text":', 'invalid_payload'],
  ])('rejects %s with 400', async (_name, body, word) => {
    const res = await post(slack.webhookUrl, body);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(word);
    expect(slack.requests[0]?.problems.length).toBeGreaterThan(0);
  });

  test('wrong path 404 no_service, rateLimitNext 429', async () => {
    const wrong = await post(slack.url('/services/T1/B1/nope'), { text: 'x' });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toBe('no_service');
    slack.rateLimitNext(3);
    const limited = await post(slack.webhookUrl, { text: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await limited.text()).toBe('rate_limited');
  });
});

describe('Teams receiver', () => {
  let teams: TeamsReceiver;
  beforeAll(async () => {
    teams = await startTeamsReceiver();
  });
  afterAll(() => teams.close());
  beforeEach(() => teams.reset());

  const card = (body: unknown[] = [{ type: 'TextBlock', text: 'Server down' }], version = '1.4'): unknown => ({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: { type: 'AdaptiveCard', version, body },
      },
    ],
  });

  test('accepts an Adaptive Card message with 202', async () => {
    expect(teams.webhookUrl).toMatch(/\/workflows\/\w+\/triggers\/manual\/paths\/invoke\?api-version=1&sig=abc$/);
    const res = await post(teams.webhookUrl, card());
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect(teams.messages()).toHaveLength(1);
  });

  test.each([
    ['no attachments', { type: 'message', attachments: [] }, /attachments/],
    ['wrong type', { ...(card() as object), type: 'card' }, /type: must be "message"/],
    [
      'wrong contentType',
      { type: 'message', attachments: [{ contentType: 'application/json', content: {} }] },
      /contentType/,
    ],
    ['empty card body', card([]), /content.body/],
    ['no version', card(undefined, ''), /version/],
    ['too new a version', card(undefined, '1.6'), /newer than Teams supports/],
    ['over 28 KB', card([{ type: 'TextBlock', text: 'x'.repeat(29 * 1024) }]), /28 KB/],
  ])('rejects %s with 400', async (_name, body, problem) => {
    const res = await post(teams.webhookUrl, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { code: string; message: string } };
    expect(answer.error.message).toMatch(problem);
  });

  test('wrong sig 401, rateLimitNext 429', async () => {
    expect((await post(teams.webhookUrl.replace('sig=abc', 'sig=zzz'), card())).status).toBe(401);
    teams.rateLimitNext(4);
    const limited = await post(teams.webhookUrl, card());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('4');
  });
});

describe('generic webhook receiver', () => {
  const secret = 'whsec_test_secret';
  let hook: WebhookReceiver;
  beforeAll(async () => {
    hook = await startWebhookReceiver({ secret });
  });
  afterAll(() => hook.close());
  beforeEach(() => {
    hook.reset();
    hook.setSecret(secret);
  });

  const signed = (
    body: string,
    options: { secret?: string; timestamp?: number; event?: string; tamper?: (b: string) => string } = {},
  ): Promise<Response> => {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const delivery = randomUUID();
    return post(hook.webhookUrl, options.tamper ? options.tamper(body) : body, {
      'x-gsm-timestamp': timestamp,
      'x-gsm-signature': signGsmPayload(options.secret ?? secret, timestamp, body),
      'x-gsm-event': options.event ?? 'fired',
      'x-gsm-delivery': delivery,
      'idempotency-key': delivery,
    });
  };
  const body = JSON.stringify({ alert: 'server_down', server: 'Factory One' });

  test('verifyGsmSignature accepts the right signature only', () => {
    const sig = signGsmPayload(secret, '1700000000', body);
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyGsmSignature(secret, '1700000000', body, sig)).toBe(true);
    expect(verifyGsmSignature(secret, '1700000001', body, sig)).toBe(false);
    expect(verifyGsmSignature('other', '1700000000', body, sig)).toBe(false);
    expect(verifyGsmSignature(secret, '1700000000', `${body} `, sig)).toBe(false);
    expect(verifyGsmSignature(secret, '1700000000', body, sig.toUpperCase())).toBe(false);
    expect(verifyGsmSignature(secret, '1700000000', body, undefined)).toBe(false);
  });

  test('accepts a correctly signed delivery', async () => {
    const res = await signed(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(hook.verified()).toHaveLength(1);
    expect(hook.deliveries()[0]).toMatchObject({ event: 'fired', body: { alert: 'server_down' } });
  });

  test('rejects a tampered body, a stale timestamp, a wrong secret and a missing signature with 401', async () => {
    const tampered = await signed(body, { tamper: (b) => b.replace('Factory One', 'Factory Two') });
    expect(tampered.status).toBe(401);
    expect(((await tampered.json()) as { error: string }).error).toMatch(/signature mismatch/);
    const stale = await signed(body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as { error: string }).error).toMatch(/more than 300 s/);
    const millis = await signed(body, { timestamp: Date.now() });
    expect(((await millis.json()) as { error: string }).error).toMatch(/milliseconds/);
    expect((await signed(body, { secret: 'wrong' })).status).toBe(401);
    const unsigned = await post(hook.webhookUrl, body, { 'x-gsm-timestamp': String(Math.floor(Date.now() / 1000)) });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { error: string }).error).toMatch(/missing x-gsm-signature/);
    expect(hook.accepted()).toHaveLength(0);
    hook.setSecret('rotated');
    expect((await signed(body)).status).toBe(401);
    expect((await signed(body, { secret: 'rotated' })).status).toBe(200);
  });

  test('rejects a bad event and a non-object body with 400', async () => {
    expect((await signed(body, { event: 'exploded' })).status).toBe(400);
    expect((await signed('[1,2]')).status).toBe(400);
    expect(hook.requests.every((r) => r.notes.verified === true)).toBe(true);
  });
});

describe('SMTP receiver', () => {
  test('parses a message with text and HTML', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const transport = createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
      await transport.sendMail({
        from: '"GSM Alerts" <alerts@gsm.test>',
        to: 'ops@example.com, oncall@example.com',
        bcc: 'audit@example.com',
        subject: 'Server down: Factory One',
        text: 'Factory One is down.',
        html: '<p><b>Factory One</b> is down.</p>',
        headers: { 'X-GSM-Alert': 'server_down' },
      });
      const message = await smtp.waitForMessage((m) => m.subject.startsWith('Server down'));
      expect(message).toMatchObject({
        from: 'alerts@gsm.test',
        fromName: 'GSM Alerts',
        to: ['ops@example.com', 'oncall@example.com'],
        subject: 'Server down: Factory One',
      });
      expect(message.text.trim()).toBe('Factory One is down.');
      expect(message.html.trim()).toBe('<p><b>Factory One</b> is down.</p>');
      expect(message.headers['x-gsm-alert']).toBe('server_down');
      expect(message.envelope.rcptTo).toContain('audit@example.com');
      expect(message.raw).toContain('Subject: Server down: Factory One');
      transport.close();
    } finally {
      await smtp.close();
    }
  });

  test('requires AUTH when configured, rejectNext fails one delivery, goDown refuses connections', async () => {
    const smtp = await startSmtpReceiver({ user: 'mailer', password: 'secret' });
    const send = (pass: string): Promise<unknown> =>
      createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: false,
        ignoreTLS: true,
        auth: { user: 'mailer', pass },
        connectionTimeout: 2000,
      }).sendMail({ from: 'alerts@gsm.test', to: 'ops@example.com', subject: `s-${pass}`, text: 'hi' });
    try {
      await expect(send('wrong')).rejects.toMatchObject({ responseCode: 535 });
      expect(smtp.authFailures).toBe(1);
      smtp.rejectNext();
      await expect(send('secret')).rejects.toMatchObject({ responseCode: 451 });
      expect(smtp.rejected).toHaveLength(1);
      expect(smtp.messages).toHaveLength(0);
      await send('secret');
      expect(smtp.messages[0]).toMatchObject({ subject: 's-secret', authUser: 'mailer' });
      await smtp.goDown();
      await expect(send('secret')).rejects.toThrow(/ECONNREFUSED/);
      await smtp.comeBack();
      await send('secret');
      expect(smtp.messages).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });
});

describe('Telegram receiver', () => {
  let telegram: TelegramReceiver;
  beforeAll(async () => {
    telegram = await startTelegramReceiver({ token: '42:abc' });
  });
  afterAll(() => telegram.close());
  beforeEach(() => telegram.reset());

  const send = (body: unknown, token = '42:abc'): Promise<Response> =>
    post(`${telegram.baseUrl}/bot${token}/sendMessage`, body);

  test('accepts a valid message', async () => {
    const res = await send({ chat_id: -1001234, text: '<b>Factory One</b> is down', parse_mode: 'HTML' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: boolean; result: Record<string, unknown> };
    expect(answer.ok).toBe(true);
    expect(answer.result).toMatchObject({ message_id: 1, chat: { id: -1001234 }, text: 'Factory One is down' });
    expect(typeof answer.result.date).toBe('number');
    expect(telegram.messages()[0]).toMatchObject({ chatId: -1001234, plainText: 'Factory One is down' });
  });

  test.each([
    ['a missing chat_id', { text: 'hi' }, 'Bad Request: chat_id is empty'],
    ['empty text', { chat_id: 1, text: '' }, 'Bad Request: message text is empty'],
    ['text over 4096', { chat_id: 1, text: 'x'.repeat(4097) }, 'Bad Request: message is too long'],
    [
      'an unclosed tag',
      { chat_id: 1, text: '<b>down', parse_mode: 'HTML' },
      /can't parse entities: Can't find end tag/,
    ],
    ['an unsupported tag', { chat_id: 1, text: '<div>down</div>', parse_mode: 'HTML' }, /Unsupported start tag "div"/],
    ['a bare <', { chat_id: 1, text: 'players < 3', parse_mode: 'HTML' }, /can't parse entities/],
    ['misnested tags', { chat_id: 1, text: '<b><i>x</b></i>', parse_mode: 'HTML' }, /Unmatched end tag/],
    [
      'an unescaped dot in MarkdownV2',
      { chat_id: 1, text: '*Down* at 1.5', parse_mode: 'MarkdownV2' },
      /'\.' is reserved/,
    ],
  ])('rejects %s with 400', async (_name, body, description) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { ok: boolean; error_code: number; description: string };
    expect(answer).toMatchObject({ ok: false, error_code: 400 });
    expect(answer.description).toMatch(description);
  });

  test('wrong token 401, rateLimitNext 429', async () => {
    const wrong = await send({ chat_id: 1, text: 'x' }, '42:nope');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    telegram.rateLimitNext(7);
    const limited = await send({ chat_id: 1, text: 'x' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    });
  });

  test('parsers return the plain text', () => {
    expect(
      parseTelegramHtml('a &lt;b&gt; <a href="https://x.y">link</a> &amp; <span class="tg-spoiler">s</span>'),
    ).toEqual({
      ok: true,
      text: 'a <b> link & s',
    });
    expect(parseTelegramMarkdownV2('*Down* at 1\\.5 \\- [panel](https://x.y/a_b) `c.d`')).toEqual({
      ok: true,
      text: 'Down at 1.5 - panel c.d',
    });
    expect(parseTelegramMarkdownV2('*bold')).toMatchObject({ ok: false });
  });
});
