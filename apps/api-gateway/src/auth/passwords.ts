import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

/** Hashes a password with argon2id (Node's own implementation); the result is a PHC string. */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await argon2Async('argon2id', { message: password, nonce, ...PARAMS });
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${nonce.toString('base64url')}$${tag.toString('base64url')}`;
}

/** Checks a password against a PHC string made by {@link hashPassword}; false for anything malformed. */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(phc);
  if (!match) return false;
  const expected = Buffer.from(match[5]!, 'base64url');
  const tag = await argon2Async('argon2id', {
    message: password,
    nonce: Buffer.from(match[4]!, 'base64url'),
    memory: Number(match[1]),
    passes: Number(match[2]),
    parallelism: Number(match[3]),
    tagLength: expected.length,
  });
  return timingSafeEqual(tag, expected);
}

/** A hash to verify against when the e-mail is unknown, so both cases take the same time. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(12).toString('hex'));
