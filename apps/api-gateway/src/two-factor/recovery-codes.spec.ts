import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';

describe('recovery codes', () => {
  it('makes ten distinct codes of two groups of five unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    expect(new Set(newRecoveryCodes().concat(codes)).size).toBe(2 * RECOVERY_CODE_COUNT);
  });

  it('hashes the code as typed: case, spaces and dashes do not matter; the hash is not the code', () => {
    const [code] = newRecoveryCodes();
    const hash = hashRecoveryCode(code!);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(normaliseRecoveryCode(code!));
    expect(hashRecoveryCode(` ${code!.toUpperCase().replace('-', ' ')} `)).toBe(hash);
    expect(hashRecoveryCode(code!.replace('-', ''))).toBe(hash);
    expect(hashRecoveryCode(`${code!}x`)).not.toBe(hash);
  });
});
