import { redact } from './channel-sender';
import { retryAfterMs } from './http-post';
import { RateLimiter } from './rate-limiter';

describe('delivery policy', () => {
  it("reads the delay a receiver asks for: Discord's retry_after, Telegram's parameters, the Retry-After header", () => {
    expect(
      retryAfterMs({
        status: 429,
        headers: {},
        body: '{"message":"You are being rate limited.","retry_after":1.234,"global":false}',
      }),
    ).toBe(1234);
    expect(
      retryAfterMs({ status: 429, headers: {}, body: '{"ok":false,"error_code":429,"parameters":{"retry_after":7}}' }),
    ).toBe(7000);
    expect(retryAfterMs({ status: 429, headers: { 'retry-after': '3' }, body: 'rate_limited' })).toBe(3000);
    expect(retryAfterMs({ status: 503, headers: {}, body: '' })).toBeNull();
  });

  it('a destination gets its burst, then waits; a 429 pauses it', () => {
    const limiter = new RateLimiter();
    const now = 1_000_000;
    for (let i = 0; i < 5; i++) expect(limiter.take('d', 'discord', now)).toBe(0);
    expect(limiter.take('d', 'discord', now)).toBe(400); // 5 per 2 s: one token every 400 ms
    expect(limiter.take('d', 'discord', now + 400)).toBe(0);
    expect(limiter.take('other', 'discord', now)).toBe(0); // per destination
    limiter.pause('d', 5000, now + 400);
    expect(limiter.take('d', 'discord', now + 1000)).toBe(4400);
  });

  it('redacts secrets, also URL-encoded', () => {
    expect(redact('POST /bot123:ABC/x failed for https://h/x?t=abc%2Fdef', ['123:ABC', 'abc/def'])).toBe(
      'POST /bot••••/x failed for https://h/x?t=••••',
    );
  });
});
