import { originAllowed } from './origin-policy';

describe('originAllowed', () => {
  const allowed = ['http://localhost:3000'];

  it('allows the same origin, a configured one, and a client without Origin', () => {
    expect(originAllowed('http://gsm.example:3001', 'gsm.example:3001', [])).toBe(true);
    expect(originAllowed('http://localhost:3000', '127.0.0.1:3001', allowed)).toBe(true);
    expect(originAllowed(undefined, '127.0.0.1:3001', [])).toBe(true);
  });

  it('refuses another origin, and a malformed one', () => {
    expect(originAllowed('https://evil.example', '127.0.0.1:3001', allowed)).toBe(false);
    expect(originAllowed('http://localhost:3000.evil.example', '127.0.0.1:3001', allowed)).toBe(false);
    expect(originAllowed('null', '127.0.0.1:3001', allowed)).toBe(false);
  });
});
