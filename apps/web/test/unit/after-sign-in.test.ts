import { describe, expect, it } from 'vitest';
import { afterSignIn, nextPath, rememberHash } from '../../src/lib/after-sign-in';

describe('after signing in', () => {
  it('goes back only to a path of this app', () => {
    expect(nextPath('/settings/accept')).toBe('/settings/accept');
    expect(nextPath('/servers/abc/alerts?x=1')).toBe('/servers/abc/alerts?x=1');
    for (const hostile of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\\evil.example',
      42,
      null,
    ])
      expect(nextPath(hostile)).toBeUndefined();
  });

  it('brings the remembered hash (an invitation token) back once, and the servers without a path', () => {
    rememberHash('#token=gsm_i_secret');
    expect(afterSignIn('/settings/accept')).toBe('/settings/accept#token=gsm_i_secret');
    expect(afterSignIn('/settings/accept')).toBe('/settings/accept');
    rememberHash('token=again');
    expect(afterSignIn(undefined)).toBe('/servers');
    expect(sessionStorage.getItem('gsm.next-hash')).toBeNull();
  });
});
