import { redactTokens, redactUrl } from './redaction';

const TOKEN = 'gsm_p_Qm9vbS1hLXJhbmRvbS1zaGFyZS10b2tlbi0xMjM0NTY3OA';

describe('share and bearer tokens in log lines and traces', () => {
  it('removes the token of every share path, with or without the gsm_p_ form', () => {
    expect(redactUrl(`/api/v1/public/${TOKEN}/power/history?from=2026-01-01T00:00:00Z`)).toBe(
      '/api/v1/public/[redacted]/power/history',
    );
    expect(redactUrl(`/api/v1/public/${TOKEN}`)).toBe('/api/v1/public/[redacted]');
    expect(redactUrl(`/share/${TOKEN}`)).toBe('/share/[redacted]');
    expect(redactUrl(`/overlay/${TOKEN}?transparent=1`)).toBe('/overlay/[redacted]');
    expect(redactUrl(`/s/${TOKEN}`)).toBe('/s/[redacted]');
    // A mistyped or truncated token is still most of a token.
    expect(redactUrl('/share/gsm_p_Qm9vbS1hLXJhbmRvbS1zaGFy')).toBe('/share/[redacted]');
    expect(redactUrl('/api/v1/public/not-a-token-at-all/dashboard')).toBe('/api/v1/public/[redacted]/dashboard');
  });

  it('removes gsm_ tokens anywhere in a text, plain or URL-encoded', () => {
    const text = `fetch /x?token=${TOKEN} failed; Bearer gsm_s_abcDEF123_-xyz and gsm_t_${'A'.repeat(43)}`;
    const out = redactTokens(text);
    expect(out).not.toContain(TOKEN.slice(6));
    expect(out).not.toContain('abcDEF123');
    expect(out).not.toContain('A'.repeat(43));
    expect(out).toBe('fetch /x?token=gsm_p_[redacted] failed; Bearer gsm_s_[redacted] and gsm_t_[redacted]');
    expect(redactTokens('/share/gsm_p_abc%2Fdef')).toBe('/share/[redacted]');
  });

  it('leaves every other path as it was', () => {
    for (const path of ['/api/v1/servers/0b5c-1/metrics/latest', '/health/ready', '/assets/index-abc.js', '/'])
      expect(redactUrl(path)).toBe(path);
    expect(redactUrl('/api/v1/servers?limit=5')).toBe('/api/v1/servers');
    expect(redactUrl('/api/v1/shares/public')).toBe('/api/v1/shares/public');
  });
});
