import { createHash, randomInt } from 'node:crypto';

/** How many one-time recovery codes a user holds after enrolling or regenerating. */
export const RECOVERY_CODE_COUNT = 10;
/** Without 0/O, 1/I/L: a code read from paper is typed right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One code: `xxxxx-xxxxx` (50 bits of randomness), shown once, stored as {@link hashRecoveryCode}. */
function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < 10; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Ten distinct new recovery codes. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** The code as typed, without case, spaces or dashes: `ABCDE FGHJK` matches `abcde-fghjk`. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** SHA-256 (hex) of the normalised code: what the database holds. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
