import { csvField, sessionsCsv } from './sessions-csv';

describe('sessions CSV', () => {
  it('defuses names a spreadsheet would run as formulas', () => {
    for (const name of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])
      expect(csvField(name).replace(/^"/, '')).toMatch(/^'/);
  });

  it('quotes commas, quotes and line breaks, and leaves plain values and numbers alone', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('Alice')).toBe('Alice');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it('writes a header and one line per session', () => {
    const csv = sessionsCsv([
      {
        server_id: 's',
        player_id: 'p',
        player_name: '=cmd',
        anonymous: false,
        slot: null,
        joined_at: '2026-11-20T10:00:00.000Z',
        left_at: null,
        duration_seconds: 60,
        session_name: 'Base, 2',
        close_reason: null,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'server_id,player_id,player_name,anonymous,slot,joined_at,left_at,duration_seconds,session_name,close_reason',
      's,p,\'=cmd,false,,2026-11-20T10:00:00.000Z,,60,"Base, 2",',
      '',
    ]);
  });
});
