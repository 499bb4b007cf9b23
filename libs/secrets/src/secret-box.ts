import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const V1 = 1;
const V2 = 2;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** Key ids are written into every v2 blob and shown in messages, so they are short, printable and list-safe. */
const KEY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const KEY_ID_RULE = '1 to 64 characters of A-Z a-z 0-9 . _ - (starting with a letter or digit)';

/** A stored secret could not be decrypted: wrong key, or the bytes were altered. The message holds no secret. */
export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`stored secret could not be decrypted: ${reason}`);
    this.name = 'SecretDecryptionError';
  }
}

/** A v2 blob names a key id that this box does not hold (neither the current key nor a previous one). */
export class UnknownKeyIdError extends SecretDecryptionError {
  constructor(readonly keyId: string) {
    super(`sealed with key id ${keyId}, which is not configured: add it to SECRETS_PREVIOUS_KEYS`);
    this.name = 'UnknownKeyIdError';
  }
}

export interface SecretBoxOptions {
  /** Id of the current key, written into every sealed blob. Default: `SecretBox.deriveKeyId(key)`. */
  keyId?: string;
  /** Keys that still open blobs sealed before a rotation: key id -> base64 key. Never used to seal. */
  previousKeys?: Record<string, string>;
}

type Env = Record<string, string | undefined>;

/**
 * Encrypts secrets at rest with AES-256-GCM under 32-byte keys given base64-encoded (SECRETS_KEY).
 *
 * Layouts:
 * - v2 (written): version 2 (1 byte) | key id length (1) | key id (ASCII) | IV (12) | tag (16) | ciphertext. The
 *   GCM associated data is the header (version, length, key id) followed by `associatedData`, so neither the key id
 *   nor the version can be changed without the tag failing.
 * - v1 (read only): version 1 (1 byte) | IV (12) | tag (16) | ciphertext, associated data `associatedData` alone.
 *   It names no key, so it is tried with the current key, then with each previous key.
 *
 * `associatedData` (e.g. the server id) binds a ciphertext to its row, so a ciphertext copied to another row does
 * not decrypt. `seal` always uses the current key; `open` picks the key named by the blob.
 */
export class SecretBox {
  /** Id of the key `seal` uses. */
  readonly keyId: string;
  private readonly key: Buffer;
  private readonly header: Buffer;
  /** Every key that opens: the current one first, then the previous ones in the order given. */
  private readonly keys = new Map<string, Buffer>();

  constructor(base64Key: string, options: SecretBoxOptions = {}) {
    this.key = decodeKey(base64Key, 'SECRETS_KEY');
    this.keyId = options.keyId ?? SecretBox.deriveKeyId(base64Key);
    if (!KEY_ID_PATTERN.test(this.keyId)) throw new Error(`SECRETS_KEY_ID must be ${KEY_ID_RULE}`);
    this.header = Buffer.concat([Buffer.from([V2, this.keyId.length]), Buffer.from(this.keyId, 'ascii')]);
    this.keys.set(this.keyId, this.key);
    for (const [id, base64] of Object.entries(options.previousKeys ?? {})) {
      if (!KEY_ID_PATTERN.test(id)) throw new Error(`SECRETS_PREVIOUS_KEYS: a key id is not ${KEY_ID_RULE}`);
      const key = decodeKey(base64, `SECRETS_PREVIOUS_KEYS key ${id}`);
      if (id === this.keyId) {
        if (key.equals(this.key)) continue; // the current key listed again: harmless
        throw new Error(`SECRETS_PREVIOUS_KEYS: key id ${id} is the current key id but holds another key`);
      }
      this.keys.set(id, key);
    }
  }

  /**
   * A box from the environment: SECRETS_KEY (required, base64 of 32 bytes), SECRETS_KEY_ID (optional, default
   * derived from the key) and SECRETS_PREVIOUS_KEYS (optional, `id1:base64key1,id2:base64key2`; an entry without
   * `id:` gets the derived id of its key). Empty values count as unset. Errors name the variable, never a key.
   */
  static fromEnv(env: Env = process.env): SecretBox {
    const key = nonEmpty(env.SECRETS_KEY);
    if (!key) {
      throw new Error(
        'SECRETS_KEY is missing: set it to base64 of 32 random bytes, e.g. `openssl rand -base64 32` ' +
          '(the same key in every service)',
      );
    }
    const keyId = nonEmpty(env.SECRETS_KEY_ID);
    if (keyId !== undefined && !KEY_ID_PATTERN.test(keyId)) throw new Error(`SECRETS_KEY_ID must be ${KEY_ID_RULE}`);
    return new SecretBox(key, { keyId, previousKeys: parsePreviousKeys(nonEmpty(env.SECRETS_PREVIOUS_KEYS)) });
  }

  /** A fresh random key, base64 (for .env.example and tests). */
  static generateKey(): string {
    return randomBytes(KEY_BYTES).toString('base64');
  }

  /**
   * The default id of a key: the first 8 hex digits of SHA-256 over its 32 bytes
   * (`echo "$SECRETS_KEY" | base64 -d | sha256sum | cut -c1-8`). Reveals nothing usable about the key.
   */
  static deriveKeyId(base64Key: string): string {
    return createHash('sha256').update(decodeKey(base64Key, 'SECRETS_KEY')).digest('hex').slice(0, 8);
  }

  /** Ids of every key that opens (current first). Ids are not secret. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  seal(plaintext: string, associatedData = ''): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.concat([this.header, Buffer.from(associatedData, 'utf8')]));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([this.header, iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Uint8Array, associatedData = ''): string {
    const blob = parse(sealed);
    const ad = Buffer.from(associatedData, 'utf8');
    if (blob.keyId === null) {
      for (const key of this.keys.values()) {
        const plaintext = decrypt(key, blob, ad);
        if (plaintext !== null) return plaintext;
      }
      throw new SecretDecryptionError('wrong key or altered data');
    }
    const key = this.keys.get(blob.keyId);
    if (!key) throw new UnknownKeyIdError(blob.keyId);
    const plaintext = decrypt(key, blob, Buffer.concat([blob.header, ad]));
    if (plaintext === null) throw new SecretDecryptionError('wrong key or altered data');
    return plaintext;
  }

  /** The key id a blob names, or null for a v1 blob (which names none). Throws on an unknown format. */
  keyIdOf(sealed: Uint8Array): string | null {
    return parse(sealed).keyId;
  }

  /** True when a blob should be sealed again: v1, or sealed under another key id than the current one. */
  needsRotation(sealed: Uint8Array): boolean {
    return this.keyIdOf(sealed) !== this.keyId;
  }
}

interface ParsedBlob {
  keyId: string | null;
  /** The v2 header (version | length | key id), part of the associated data; empty for v1. */
  header: Buffer;
  iv: Buffer;
  tag: Buffer;
  body: Buffer;
}

function parse(sealed: Uint8Array): ParsedBlob {
  const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  let offset: number;
  let keyId: string | null = null;
  if (data.length >= 1 + IV_BYTES + TAG_BYTES && data[0] === V1) {
    offset = 1;
  } else if (data.length >= 2 && data[0] === V2) {
    const length = data[1]!;
    offset = 2 + length;
    keyId = data.subarray(2, offset).toString('latin1');
    if (data.length < offset + IV_BYTES + TAG_BYTES || !KEY_ID_PATTERN.test(keyId)) {
      throw new SecretDecryptionError('unknown format');
    }
  } else {
    throw new SecretDecryptionError('unknown format');
  }
  return {
    keyId,
    header: data.subarray(0, keyId === null ? 0 : offset),
    iv: data.subarray(offset, offset + IV_BYTES),
    tag: data.subarray(offset + IV_BYTES, offset + IV_BYTES + TAG_BYTES),
    body: data.subarray(offset + IV_BYTES + TAG_BYTES),
  };
}

/** The plaintext, or null when the tag does not verify (wrong key, other associated data, altered bytes). */
function decrypt(key: Buffer, blob: ParsedBlob, aad: Buffer): string | null {
  const decipher = createDecipheriv('aes-256-gcm', key, blob.iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(blob.tag);
  try {
    return Buffer.concat([decipher.update(blob.body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function decodeKey(base64Key: string, what: string): Buffer {
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(`${what} must be 32 bytes, base64-encoded (e.g. \`openssl rand -base64 32\`)`);
  }
  return key;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** `id1:base64key1,id2:base64key2` (an entry without `id:` gets its key's derived id); messages never hold a key. */
function parsePreviousKeys(value: string | undefined): Record<string, string> {
  const keys: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!value) return keys;
  const entries = value.split(',').map((e) => e.trim());
  entries.forEach((entry, index) => {
    const where = `SECRETS_PREVIOUS_KEYS entry ${index + 1} of ${entries.length}`;
    if (!entry) throw new Error(`${where} is empty (format: id1:base64key1,id2:base64key2)`);
    const colon = entry.indexOf(':');
    const id = colon >= 0 ? entry.slice(0, colon).trim() : undefined;
    const key = colon >= 0 ? entry.slice(colon + 1).trim() : entry;
    if (id !== undefined && !KEY_ID_PATTERN.test(id)) {
      throw new Error(`${where}: the key id must be ${KEY_ID_RULE} (format: id1:base64key1,id2:base64key2)`);
    }
    if (Buffer.from(key, 'base64').length !== KEY_BYTES) {
      throw new Error(`${where}${id ? ` (key id ${id})` : ''}: the key must be 32 bytes, base64-encoded`);
    }
    const keyId = id ?? SecretBox.deriveKeyId(key);
    if (Object.hasOwn(keys, keyId)) throw new Error(`${where}: key id ${keyId} is listed twice`);
    keys[keyId] = key;
  });
  return keys;
}

/** The SECRETS_* settings of a parsed service configuration, for {@link SecretBox.fromEnv}. */
export function secretsOf(config: {
  SECRETS_KEY: string;
  SECRETS_KEY_ID?: string;
  SECRETS_PREVIOUS_KEYS?: string;
}): Record<string, string | undefined> {
  return {
    SECRETS_KEY: config.SECRETS_KEY,
    SECRETS_KEY_ID: config.SECRETS_KEY_ID,
    SECRETS_PREVIOUS_KEYS: config.SECRETS_PREVIOUS_KEYS,
  };
}
