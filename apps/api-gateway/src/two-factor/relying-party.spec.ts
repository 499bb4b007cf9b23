import { relyingPartyOf } from './relying-party';

const base = { WEBAUTHN_RP_ID: undefined, WEBAUTHN_ORIGINS: null, PORT: 3000, CORS_ORIGINS: ['http://localhost:5173'] };

describe('the WebAuthn relying party', () => {
  it('is the public domain and its origin', () => {
    expect(relyingPartyOf({ ...base, PUBLIC_URL: 'https://monitor.example.com' })).toMatchObject({
      id: 'monitor.example.com',
      origins: ['https://monitor.example.com'],
    });
  });

  it('is localhost for a public URL on an address (browsers refuse IP relying parties) or none', () => {
    expect(relyingPartyOf({ ...base, PUBLIC_URL: 'http://127.0.0.1:3440' })).toMatchObject({
      id: 'localhost',
      origins: ['http://localhost:3440', 'http://localhost:3000', 'http://localhost:5173'],
    });
    expect(relyingPartyOf({ ...base, PUBLIC_URL: null })).toMatchObject({
      id: 'localhost',
      origins: ['http://localhost:3000', 'http://localhost:5173'],
    });
  });

  it('takes WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS over everything', () => {
    expect(
      relyingPartyOf({
        ...base,
        PUBLIC_URL: 'https://a.example.com',
        WEBAUTHN_RP_ID: 'example.com',
        WEBAUTHN_ORIGINS: ['https://a.example.com', 'https://b.example.com'],
      }),
    ).toMatchObject({ id: 'example.com', origins: ['https://a.example.com', 'https://b.example.com'] });
  });
});
