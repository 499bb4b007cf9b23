import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { SecretBox, SecretDecryptionError, UnknownKeyIdError } from './secret-box';

/** Seals exactly as the v1 SecretBox did: version 1 | IV | tag | ciphertext, AAD = associatedData alone. */
function sealV1(base64Key: string, plaintext: string, associatedData: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(base64Key, 'base64'), iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
}

/** Everything a message must not contain: the keys, base64 and hex. */
function expectNoKeyMaterial(message: string, ...base64Keys: string[]): void {
  for (const key of base64Keys) {
    expect(message).not.toContain(key);
    expect(message).not.toContain(Buffer.from(key, 'base64').toString('hex'));
    expect(message).not.toContain(key.slice(0, 12));
  }
}

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('SecretBox', () => {
  const box = new SecretBox(SecretBox.generateKey());

  it('round-trips a secret and never stores it in clear', () => {
    const sealed = box.seal('hunter2-admin', 'server-1');
    expect(sealed.toString('latin1')).not.toContain('hunter2');
    expect(box.open(sealed, 'server-1')).toBe('hunter2-admin');
    expect(box.seal('same', 'x').equals(box.seal('same', 'x'))).toBe(false);
  });

  it('refuses another key, another row, or altered bytes, without revealing anything', () => {
    const sealed = box.seal('hunter2-admin', 'server-1');
    const otherKey = SecretBox.generateKey();
    expect(() => new SecretBox(otherKey, { keyId: box.keyId }).open(sealed, 'server-1')).toThrow(
      /wrong key or altered data/,
    );
    expect(() => new SecretBox(otherKey).open(sealed, 'server-1')).toThrow(SecretDecryptionError);
    expect(() => box.open(sealed, 'server-2')).toThrow(SecretDecryptionError);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => box.open(altered, 'server-1')).toThrow(/wrong key or altered data/);
    expect(() => box.open(Buffer.alloc(0))).toThrow(/unknown format/);
    expect(() => box.open(Buffer.from([9, 1, 2, 3]))).toThrow(/unknown format/);
  });

  it('asks for a 32-byte key', () => {
    expect(() => new SecretBox('c2hvcnQ=')).toThrow(/SECRETS_KEY must be 32 bytes/);
  });

  describe('format v2', () => {
    const key = Buffer.alloc(32, 0x22).toString('base64');

    it('writes version 2 | key id length | key id | IV | tag | ciphertext', () => {
      const sealed = new SecretBox(key, { keyId: 'k-2026.1' }).seal('pw', 'row');
      expect(sealed[0]).toBe(2);
      expect(sealed[1]).toBe('k-2026.1'.length);
      expect(sealed.subarray(2, 10).toString('ascii')).toBe('k-2026.1');
      expect(sealed.length).toBe(2 + 8 + 12 + 16 + 'pw'.length);
    });

    it('defaults the key id to the first 8 hex digits of sha256(key), stable across instances', () => {
      const expected = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 8);
      expect(new SecretBox(key).keyId).toBe(expected);
      expect(SecretBox.deriveKeyId(key)).toBe(expected);
      const sealed = new SecretBox(key).seal('pw', 'row');
      expect(new SecretBox(key).keyIdOf(sealed)).toBe(expected);
      expect(new SecretBox(key).open(sealed, 'row')).toBe('pw');
    });

    it('binds the key id: a blob whose key id is swapped does not open, even when both ids name the same key', () => {
      const both = new SecretBox(key, { keyId: 'aaaa', previousKeys: { bbbb: key } });
      const sealed = both.seal('pw', 'row');
      expect(both.open(sealed, 'row')).toBe('pw');
      const swapped = Buffer.from(sealed);
      swapped.write('bbbb', 2, 'ascii');
      expect(both.keyIdOf(swapped)).toBe('bbbb');
      expect(() => both.open(swapped, 'row')).toThrow(/wrong key or altered data/);
    });

    it('refuses a blob turned into v1 by cutting its header', () => {
      const sealed = new SecretBox(key, { keyId: 'k1' }).seal('pw', 'row');
      const asV1 = Buffer.concat([Buffer.from([1]), sealed.subarray(2 + 2)]);
      expect(() => new SecretBox(key, { keyId: 'k1' }).open(asV1, 'row')).toThrow(/wrong key or altered data/);
    });

    it('refuses a malformed key id or a truncated blob as an unknown format', () => {
      const sealed = new SecretBox(key, { keyId: 'k1' }).seal('pw', 'row');
      const bad = Buffer.from(sealed);
      bad[2] = 0x0a; // newline in the key id
      expect(() => box.open(bad, 'row')).toThrow(/unknown format/);
      expect(() => box.keyIdOf(bad)).toThrow(/unknown format/);
      expect(() => box.open(sealed.subarray(0, 2 + 2 + 12 + 15), 'row')).toThrow(/unknown format/);
      const long = Buffer.from(sealed);
      long[1] = 200;
      expect(() => box.open(long, 'row')).toThrow(/unknown format/);
    });
  });

  describe('version 1 blobs (before key ids)', () => {
    // Sealed by the v1 SecretBox (git history) with key 0x11 * 32 and AAD = this server id.
    const v1Key = Buffer.alloc(32, 0x11).toString('base64');
    const v1Vector = Buffer.from('ARkw0ktUs5L1BGMW9GhiEugDZRb7OyKs3z91ZikAmWFUmpMQXRtBJ+CEkDOrnwOq', 'base64');
    const v1Row = '4b0c7a52-3f7e-4a0e-9a57-1f0c2d6b8e01';

    it('open with the current key, exactly as before', () => {
      expect(new SecretBox(v1Key).open(v1Vector, v1Row)).toBe('old-admin-pässword');
      expect(new SecretBox(v1Key, { keyId: 'new-id' }).open(v1Vector, v1Row)).toBe('old-admin-pässword');
      expect(() => new SecretBox(v1Key).open(v1Vector, 'another-row')).toThrow(/wrong key or altered data/);
    });

    it('open with a previous key after a rotation, and have no key id', () => {
      const rotated = new SecretBox(SecretBox.generateKey(), { keyId: 'new', previousKeys: { old: v1Key } });
      expect(rotated.open(v1Vector, v1Row)).toBe('old-admin-pässword');
      expect(rotated.keyIdOf(v1Vector)).toBeNull();
      expect(rotated.needsRotation(v1Vector)).toBe(true);
      expect(new SecretBox(v1Key).needsRotation(v1Vector)).toBe(true);
    });

    it('fail without a key that opens them', () => {
      const other = new SecretBox(SecretBox.generateKey(), { previousKeys: { x: SecretBox.generateKey() } });
      expect(() => other.open(sealV1(v1Key, 'pw', 'row'), 'row')).toThrow(/wrong key or altered data/);
    });
  });

  describe('previous keys and rotation', () => {
    const oldKey = SecretBox.generateKey();
    const newKey = SecretBox.generateKey();
    const oldBox = new SecretBox(oldKey, { keyId: 'old' });
    const newBox = new SecretBox(newKey, { keyId: 'new', previousKeys: { old: oldKey } });

    it('seals with the current key and opens blobs of the previous ones by their key id', () => {
      const before = oldBox.seal('pw-1', 'row-1');
      expect(newBox.keyIdOf(before)).toBe('old');
      expect(newBox.needsRotation(before)).toBe(true);
      expect(newBox.open(before, 'row-1')).toBe('pw-1');
      const after = newBox.seal(newBox.open(before, 'row-1'), 'row-1');
      expect(newBox.keyIdOf(after)).toBe('new');
      expect(newBox.needsRotation(after)).toBe(false);
      expect(new SecretBox(newKey, { keyId: 'new' }).open(after, 'row-1')).toBe('pw-1');
      expect(() => oldBox.open(after, 'row-1')).toThrow(UnknownKeyIdError);
      expect(newBox.keyIds).toEqual(['new', 'old']);
    });

    it('names an unknown key id and where to add it, without key material', () => {
      const sealed = oldBox.seal('pw', 'row');
      const error = thrown(() => new SecretBox(newKey, { keyId: 'new' }).open(sealed, 'row'));
      expect(error).toBeInstanceOf(UnknownKeyIdError);
      expect(error).toBeInstanceOf(SecretDecryptionError);
      expect((error as UnknownKeyIdError).keyId).toBe('old');
      expect(error.message).toBe(
        'stored secret could not be decrypted: sealed with key id old, which is not configured: ' +
          'add it to SECRETS_PREVIOUS_KEYS',
      );
      expectNoKeyMaterial(error.message, oldKey, newKey);
    });

    it('does not open a blob with the wrong key under the right id', () => {
      const sealed = oldBox.seal('pw', 'row');
      const wrong = new SecretBox(newKey, { keyId: 'new', previousKeys: { old: SecretBox.generateKey() } });
      expect(() => wrong.open(sealed, 'row')).toThrow(/wrong key or altered data/);
    });

    it('refuses a previous key id equal to the current one with another key, and bad ids', () => {
      expect(() => new SecretBox(newKey, { keyId: 'k', previousKeys: { k: oldKey } })).toThrow(/current key id/);
      expect(() => new SecretBox(newKey, { keyId: 'k', previousKeys: { k: newKey } })).not.toThrow();
      expect(() => new SecretBox(newKey, { keyId: 'has space' })).toThrow(/SECRETS_KEY_ID must be/);
      expect(() => new SecretBox(newKey, { keyId: 'x'.repeat(65) })).toThrow(/SECRETS_KEY_ID must be/);
      expect(() => new SecretBox(newKey, { previousKeys: { 'a:b': oldKey } })).toThrow(/SECRETS_PREVIOUS_KEYS/);
      const error = thrown(() => new SecretBox(newKey, { previousKeys: { old: 'c2hvcnQ=' } }));
      expect(error.message).toMatch(/SECRETS_PREVIOUS_KEYS key old must be 32 bytes/);
    });
  });

  describe('fromEnv', () => {
    const oldKey = SecretBox.generateKey();
    const olderKey = SecretBox.generateKey();
    const newKey = SecretBox.generateKey();

    it('reads SECRETS_KEY, SECRETS_KEY_ID and SECRETS_PREVIOUS_KEYS', () => {
      const env = {
        SECRETS_KEY: newKey,
        SECRETS_KEY_ID: 'k3',
        SECRETS_PREVIOUS_KEYS: ` k2:${oldKey} , k1:${olderKey}`,
      };
      const fromEnv = SecretBox.fromEnv(env);
      expect(fromEnv.keyId).toBe('k3');
      expect(fromEnv.keyIds).toEqual(['k3', 'k2', 'k1']);
      expect(fromEnv.open(new SecretBox(olderKey, { keyId: 'k1' }).seal('pw', 'r'), 'r')).toBe('pw');
      expect(fromEnv.open(new SecretBox(oldKey, { keyId: 'k2' }).seal('pw', 'r'), 'r')).toBe('pw');
    });

    it('defaults the key id, treats empty values as unset, and takes a previous key without id under its derived id', () => {
      const fromEnv = SecretBox.fromEnv({ SECRETS_KEY: newKey, SECRETS_KEY_ID: '', SECRETS_PREVIOUS_KEYS: oldKey });
      expect(fromEnv.keyId).toBe(SecretBox.deriveKeyId(newKey));
      expect(fromEnv.open(new SecretBox(oldKey).seal('pw', 'r'), 'r')).toBe('pw');
      expect(SecretBox.fromEnv({ SECRETS_KEY: newKey, SECRETS_PREVIOUS_KEYS: ' ' }).keyIds).toHaveLength(1);
    });

    it.each([
      [{}, /^SECRETS_KEY is missing/],
      [{ SECRETS_KEY: '' }, /^SECRETS_KEY is missing/],
      [{ SECRETS_KEY: 'c2hvcnQ=' }, /^SECRETS_KEY must be 32 bytes/],
      [{ SECRETS_KEY: newKey, SECRETS_KEY_ID: 'a,b' }, /^SECRETS_KEY_ID must be/],
      [{ SECRETS_KEY: newKey, SECRETS_PREVIOUS_KEYS: `old:${oldKey.slice(4)}` }, /^SECRETS_PREVIOUS_KEYS entry 1 of 1/],
      [{ SECRETS_KEY: newKey, SECRETS_PREVIOUS_KEYS: `a:${oldKey},,b:${olderKey}` }, /entry 2 of 3 is empty/],
      [{ SECRETS_KEY: newKey, SECRETS_PREVIOUS_KEYS: `a b:${oldKey}` }, /entry 1 of 1: the key id must be/],
      [{ SECRETS_KEY: newKey, SECRETS_PREVIOUS_KEYS: `a:${oldKey},a:${olderKey}` }, /key id a is listed twice/],
      [{ SECRETS_KEY: newKey, SECRETS_PREVIOUS_KEYS: `${oldKey}x:${olderKey}` }, /entry 1 of 1: the key id must be/],
    ])('names the variable at fault, never a key (%#)', (env, message) => {
      const error = thrown(() => SecretBox.fromEnv(env));
      expect(error.message).toMatch(message);
      expectNoKeyMaterial(error.message, oldKey, olderKey, newKey);
    });
  });
});
