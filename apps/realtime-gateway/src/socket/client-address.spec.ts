import { clientAddress } from './client-address';

const req = (peer: string, xff?: string) => ({
  headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  socket: { remoteAddress: peer } as never,
});

describe('the client address of a realtime handshake', () => {
  it('is the TCP peer unless proxies are trusted: X-Forwarded-For alone changes nothing', () => {
    expect(clientAddress(req('10.0.0.5', '203.0.113.9'), 0)).toBe('10.0.0.5');
  });

  it('behind N trusted proxies is the address N hops back, whatever the client prepended', () => {
    expect(clientAddress(req('10.0.0.5', '203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddress(req('10.0.0.5', '1.2.3.4, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddress(req('10.0.0.5', '1.2.3.4, 203.0.113.9, 10.0.0.7'), 2)).toBe('203.0.113.9');
    expect(clientAddress(req('10.0.0.5'), 1)).toBe('10.0.0.5');
  });
});
