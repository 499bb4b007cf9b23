import { copyText } from './copy-insert';

describe('copyText', () => {
  it('writes COPY text format: nulls, dates, booleans, numbers, escaped text', () => {
    const time = new Date('2026-11-22T10:00:00.000Z');
    expect(copyText([[time, null, true, false, 29.5, 'a\tb\nc\\d', Number.NaN]])).toBe(
      '2026-11-22T10:00:00.000Z\t\\N\tt\tf\t29.5\ta\\tb\\nc\\\\d\t\\N\n',
    );
  });

  it('formats a shared time once per row and escapes carriage returns and JSON backslashes', () => {
    const time = new Date('2026-11-22T10:00:00.000Z');
    const json = JSON.stringify({ name: 'say "hi"\r\n' });
    expect(
      copyText([
        [time, 'x\ry'],
        [time, json],
      ]),
    ).toBe(`2026-11-22T10:00:00.000Z\tx\\ry\n2026-11-22T10:00:00.000Z\t${json.replace(/\\/g, '\\\\')}\n`);
  });
});
