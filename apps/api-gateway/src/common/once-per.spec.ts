import { OncePer } from './once-per';

describe('OncePer', () => {
  it('says yes once per interval and key', () => {
    const once = new OncePer(60_000);
    expect(once.due('a', 0)).toBe(true);
    expect(once.due('a', 59_999)).toBe(false);
    expect(once.due('b', 59_999)).toBe(true);
    expect(once.due('a', 60_000)).toBe(true);
  });
});
