// The tests' OpenID provider: oidc-provider 9 (the certified Node implementation) on loopback, in a process of its
// own (oidc-provider is ESM-only; the tests are CommonJS). Started by startOidcProvider() (oidc-provider.ts), which
// passes its set-up as JSON in OIDC_TEST_CONFIG and reads "READY <issuer>" from stdout.
//
// Sign-in uses oidc-provider's development interactions: a login form that accepts any login (the e-mail) and any
// password; consent is granted automatically (loadExistingGrant), as a first-party company provider does.
// A test can change the provider's behaviour with POST /__test/control (JSON):
//   {"accounts": {"<e-mail>": {claims...}}}  claims of an account (default: email, email_verified true, name)
//   {"tamper": {"audience": "x"} | {"expiredBySeconds": 600} | null}  re-sign the next ID tokens of the token
//   endpoint with another audience or an expiry in the past (signature, issuer and nonce stay valid).
//   {"authentication": {"<e-mail>": {"amr": ["pwd", "otp"], "acr": "x"} | null}}  how the provider's login step
//   authenticated the account from now on (oidc-provider puts the login's amr and acr in the ID token), as a
//   provider that asked for a second factor does; null: a password only (no amr, no acr).
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, decodeJwt, SignJWT, decodeProtectedHeader } from 'jose';
import Provider from 'oidc-provider';

const config = JSON.parse(process.env.OIDC_TEST_CONFIG ?? '{}');
const accounts = new Map(Object.entries(config.accounts ?? {}));
let tamper = null;
/** e-mail -> the amr / acr of its sign-ins at the provider. */
const authentication = new Map();

const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };

const server = createServer();
await new Promise((resolve) => server.listen(config.port ?? 0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const claimsOf = (id) => ({ email: id, email_verified: true, name: id.split('@')[0], ...(accounts.get(id) ?? {}) });

const provider = new Provider(issuer, {
  clients: config.clients ?? [],
  jwks: { keys: [jwk] },
  cookies: { keys: ['test-cookie-key-not-secret'] },
  // acr and amr (RFC 8176) with every ID token, as company providers send them: the login step's, when it recorded any.
  claims: { openid: ['sub', 'acr', 'amr'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  ttl: { IdToken: config.idTokenTtlSeconds ?? 3600 },
  features: { devInteractions: { enabled: true } },
  findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, ...claimsOf(id) }) }),
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});
// The development login form finishes with the account only: add how the account was authenticated.
const interactionFinished = provider.interactionFinished.bind(provider);
provider.interactionFinished = (req, res, result, options) => {
  const how = result.login ? authentication.get(result.login.accountId) : undefined;
  return interactionFinished(req, res, how ? { ...result, login: { ...result.login, ...how } } : result, options);
};
provider.on('server_error', (_ctx, error) => process.stderr.write(`oidc-provider server_error: ${error.stack}\n`));

// Re-signs the ID token of a token answer with the same key: only the tampered claim is wrong.
provider.use(async (ctx, next) => {
  await next();
  if (!tamper || ctx.path !== '/token' || ctx.status !== 200 || !ctx.body?.id_token) return;
  const claims = decodeJwt(ctx.body.id_token);
  const header = decodeProtectedHeader(ctx.body.id_token);
  if (tamper.audience) claims.aud = tamper.audience;
  if (tamper.expiredBySeconds) {
    const now = Math.floor(Date.now() / 1000);
    claims.iat = now - tamper.expiredBySeconds - 600;
    claims.exp = now - tamper.expiredBySeconds;
  }
  ctx.body = { ...ctx.body, id_token: await new SignJWT(claims).setProtectedHeader(header).sign(privateKey) };
});

const callback = provider.callback();
server.on('request', (req, res) => {
  if (req.method === 'POST' && req.url === '/__test/control') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const change = JSON.parse(body || '{}');
      for (const [id, claims] of Object.entries(change.accounts ?? {})) accounts.set(id, claims);
      if ('tamper' in change) tamper = change.tamper;
      for (const [id, how] of Object.entries(change.authentication ?? {}))
        if (how) authentication.set(id, how);
        else authentication.delete(id);
      res.writeHead(204).end();
    });
    return;
  }
  callback(req, res);
});

process.stdout.write(`READY ${issuer}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
