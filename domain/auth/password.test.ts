import { describe, expect, it } from 'vitest';
import { hashPassword, unusableHash, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Geheim-123');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('Geheim-123');
    expect(await verifyPassword('Geheim-123', hash)).toBe(true);
    expect(await verifyPassword('geheim-123', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('zelfde')).not.toBe(await hashPassword('zelfde'));
  });

  it('refuses every password against the placeholder hash and malformed hashes', async () => {
    expect(await verifyPassword('', unusableHash)).toBe(false);
    expect(await verifyPassword('demo', 'plain-text')).toBe(false);
  });
});
