import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored secret could not be decrypted: wrong key, or the bytes were altered. The message holds no secret. */
export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`stored secret could not be decrypted: ${reason}`);
    this.name = 'SecretDecryptionError';
  }
}

/**
 * Encrypts secrets at rest with AES-256-GCM. Layout: version (1 byte) | IV (12) | tag (16) | ciphertext. The key
 * is 32 bytes, given base64-encoded in SECRETS_KEY; `associatedData` (e.g. the server id) binds a ciphertext to its
 * row, so a ciphertext copied to another row does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    const key = Buffer.from(base64Key, 'base64');
    if (key.length !== 32) {
      throw new Error('SECRETS_KEY must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)');
    }
    this.key = key;
  }

  /** A fresh random key, base64 (for .env.example and tests). */
  static generateKey(): string {
    return randomBytes(32).toString('base64');
  }

  seal(plaintext: string, associatedData = ''): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Uint8Array, associatedData = ''): string {
    const data = Buffer.from(sealed);
    if (data.length < 1 + IV_BYTES + TAG_BYTES || data[0] !== VERSION)
      throw new SecretDecryptionError('unknown format');
    const iv = data.subarray(1, 1 + IV_BYTES);
    const tag = data.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(data.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretDecryptionError('wrong key or altered data');
    }
  }
}
