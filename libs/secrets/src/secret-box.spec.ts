import { SecretBox, SecretDecryptionError } from './secret-box';

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
    expect(() => new SecretBox(SecretBox.generateKey()).open(sealed, 'server-1')).toThrow(SecretDecryptionError);
    expect(() => box.open(sealed, 'server-2')).toThrow(SecretDecryptionError);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => box.open(altered, 'server-1')).toThrow(/wrong key or altered data/);
  });

  it('asks for a 32-byte key', () => {
    expect(() => new SecretBox('c2hvcnQ=')).toThrow(/32 bytes/);
  });
});
