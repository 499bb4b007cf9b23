import { FrmParseError } from './frm-common';
import { checkParsed, FrmLimitError, MAX_TEXT_CHARS } from './frm-limits';
import { parseFactory, parsePlayers, parsePower, parseSessionInfo } from './frm-records';

const building = (i: number, extra: Record<string, unknown> = {}) => ({
  ID: `Build_C_${i}`,
  ClassName: 'Build_ConstructorMk1_C',
  location: { x: i, y: 0, z: 0 },
  ...extra,
});

describe('FRM parser caps', () => {
  it('refuses a getFactory of more than 100,000 buildings before parsing any, and takes 100,000', () => {
    const many = Array.from({ length: 100_001 }, (_, i) => i);
    expect(() => parseFactory(many)).toThrow(FrmLimitError);
    expect(() => parseFactory(many)).toThrow('getFactory: sent 100,001 records, more than 100,000');
    expect(parseFactory(many.slice(1).map((i) => building(i))).records).toHaveLength(100_000);
  });

  it('caps records per kind (getPlayer 1,000), also as the parsers read lists of any kind', () => {
    const players = Array.from({ length: 1001 }, (_, i) => ({ ID: `p${i}`, PlayerName: `P${i}` }));
    expect(() => parsePlayers(players)).toThrow(FrmLimitError);
    expect(() => parsePower(Array.from({ length: 5001 }, () => ({})))).toThrow('more than 5,000');
  });

  it('refuses a record with a text over the cap, naming the field', () => {
    const parsed = parseFactory([building(1, { Name: 'x'.repeat(MAX_TEXT_CHARS + 1) })]);
    expect(() => checkParsed('getFactory', parsed)).toThrow(
      `getFactory: sent a text of ${MAX_TEXT_CHARS + 1} characters in name (at most ${MAX_TEXT_CHARS})`,
    );
    expect(checkParsed('getFactory', parseFactory([building(1, { Name: 'x'.repeat(MAX_TEXT_CHARS) })]))).toBeTruthy();
  });

  it('refuses numbers out of range, naming the field', () => {
    const parsed = parseFactory([building(1, { ManuSpeed: 1e300 })]);
    expect(() => checkParsed('getFactory', parsed)).toThrow('a number out of range in manuSpeed (1e+300');
    const session = parseSessionInfo({ SessionName: 'S', TotalPlayDuration: 1e16, IsPaused: false });
    expect(() => checkParsed('getSessionInfo', session)).toThrow(FrmLimitError);
  });

  it('is not a parse error: the client reports it as answer_too_large, not bad_json', () => {
    expect(new FrmLimitError('getPower', 'x')).not.toBeInstanceOf(FrmParseError);
  });
});
