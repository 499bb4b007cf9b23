import {
  codePointLength,
  escapeAngle,
  escapeHtml,
  formatUtc,
  isoSeconds,
  safeUrl,
  shortId,
  singleLine,
  truncate,
  truncateEscaped,
  truncateUtf16,
} from './text';

describe('text helpers', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(codePointLength('a😀b')).toBe(3);
    expect(codePointLength('')).toBe(0);
  });

  it('truncates to at most max code points with an ellipsis, never splitting a surrogate pair', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hello world', 6)).toBe('hello…');
    expect(truncate('😀😀😀😀', 3)).toBe('😀😀…');
    expect(codePointLength(truncate('x'.repeat(10_000), 256))).toBe(256);
    expect(truncate('abc', 0)).toBe('');
    expect(truncate('abc', 1)).toBe('…');
  });

  it('truncates by UTF-16 units without leaving half a pair', () => {
    const out = truncateUtf16('😀😀😀😀', 5);
    expect(out).toBe('😀😀…');
    expect(out.length).toBeLessThanOrEqual(5);
    expect(truncateUtf16('😀😀', 4)).toBe('😀😀');
  });

  it('never cuts inside an escape', () => {
    const out = truncateEscaped('a&b&c&d', 8, escapeHtml);
    expect(out).toBe('a&amp;b…');
    expect(truncateEscaped('<<<<', 9, escapeHtml)).toBe('&lt;&lt;…');
    expect(truncateEscaped('<b>', 100, escapeHtml)).toBe('&lt;b&gt;');
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<script>alert("x&'y")</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&amp;&#39;y&quot;)&lt;/script&gt;',
    );
    expect(escapeAngle('a & <b> "c"')).toBe('a &amp; &lt;b&gt; "c"');
  });

  it('makes one line of anything', () => {
    expect(singleLine('a\r\nBcc: evil@example.com\u2028b\t\0c  ')).toBe('a Bcc: evil@example.com b c');
  });

  it('formats times from the date given', () => {
    const d = new Date('2025-03-04T05:06:07.890Z');
    expect(formatUtc(d)).toBe('2025-03-04 05:06:07 UTC');
    expect(isoSeconds(d)).toBe('2025-03-04T05:06:07Z');
  });

  it('shortens incident ids and accepts only http(s) URLs', () => {
    expect(shortId('1a2b3c4d-0000-4000-8000-000000000000')).toBe('1a2b3c4d');
    expect(safeUrl('https://gsm.example.com/servers/1')).toBe('https://gsm.example.com/servers/1');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl(null)).toBeNull();
  });
});
