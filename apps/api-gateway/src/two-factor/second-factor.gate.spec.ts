import { ManualClock } from '@app/platform';
import type { ApiGatewayConfig } from '../app.config';
import type { Principal } from '../auth/principal';
import type { ApiError } from '../http/api-error';
import { SecondFactorGate } from './second-factor.gate';
import type { TwoFactorRepository } from './two-factor.repository';

const ORG = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-000000000001';
const principal = { userId: USER, orgId: ORG, kind: 'session' } as Principal;

function setup(state: { required: boolean; totp: boolean; passkeys: number }) {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  const repository = {
    requireTwoFactor: jest.fn(async () => state.required),
    factorsOf: jest.fn(async () => ({ totp: state.totp, passkeys: state.passkeys })),
    passkeys: jest.fn(async () => [{ credentialId: 'cred-1', transports: ['internal'] }]),
    createChallenge: jest.fn(async (_input: Record<string, unknown>) => ({ id: 'c' })),
  };
  const config = {
    PUBLIC_URL: null,
    PORT: 3000,
    CORS_ORIGINS: [],
    WEBAUTHN_ORIGINS: null,
  } as unknown as ApiGatewayConfig;
  const gate = new SecondFactorGate(repository as unknown as TwoFactorRepository, clock, config);
  return { gate, repository, clock };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ApiError,
  );

describe('SecondFactorGate', () => {
  it('answers no second step for a user without factors (the sign-in stays one step)', async () => {
    const { gate, repository } = setup({ required: false, totp: false, passkeys: 0 });
    expect(await gate.stepFor(USER)).toBeNull();
    expect(repository.createChallenge).not.toHaveBeenCalled();
  });

  it('makes a 5-minute challenge stored hashed, with the methods the user has and passkey options', async () => {
    const { gate, repository } = setup({ required: false, totp: true, passkeys: 1 });
    const step = await gate.stepFor(USER);
    expect(step).toMatchObject({
      second_factor_required: true,
      methods: ['totp', 'recovery_code', 'passkey'],
      expires_at: '2026-03-01T10:05:00.000Z',
    });
    expect(step!.passkey_options).toMatchObject({ rpId: 'localhost', allowCredentials: [{ id: 'cred-1' }] });
    const stored = repository.createChallenge.mock.calls[0]![0];
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toBe(step!.challenge);
    expect(stored.webauthnChallenge).toBe(step!.passkey_options!.challenge);
  });

  it('refuses a member without a second factor where the organisation requires one, but lets them enrol', async () => {
    const state = { required: true, totp: false, passkeys: 0 };
    const { gate } = setup(state);
    const refused = await refusal(gate.assertMayAct(principal, '/api/v1/servers'));
    expect(refused).toMatchObject({ code: 'TwoFactorRequired', status: 403, details: { org_id: ORG } });
    expect(refused!.remedy).toMatch(/Settings -> Security/);
    for (const path of [
      '/api/v1/me',
      '/api/v1/me/two-factor/totp',
      '/api/v1/me/passkeys/options',
      '/api/v1/auth/logout',
    ])
      expect(await refusal(gate.assertMayAct(principal, path))).toBeNull();
    // Not a prefix trick: /api/v1/meters is no enrolment route.
    expect(await refusal(gate.assertMayAct(principal, '/api/v1/meters'))).toMatchObject({ code: 'TwoFactorRequired' });
    // Enrolled (this replica dropped its cached answer): allowed at once.
    state.totp = true;
    gate.factorsChanged(USER);
    expect(await refusal(gate.assertMayAct(principal, '/api/v1/servers'))).toBeNull();
  });

  it('an invitation of such an organisation waits for a second factor; other organisations do not care', async () => {
    const state = { required: true, totp: false, passkeys: 0 };
    const { gate } = setup(state);
    expect(await refusal(gate.assertMayJoin(USER, ORG))).toMatchObject({ code: 'TwoFactorRequired' });
    state.passkeys = 1;
    expect(await refusal(gate.assertMayJoin(USER, ORG))).toBeNull();
    state.required = false;
    state.passkeys = 0;
    expect(await refusal(gate.assertMayJoin(USER, ORG))).toBeNull();
  });
});
