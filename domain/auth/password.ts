import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard and ships with Node, so there is no native add-on to build or download.
// N=2^15, r=8 uses 32 MiB per hash: slow enough against offline guessing, fine for a login.
const params = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 };
const maxmem = 64 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Format: scrypt$N$r$p$salt$hash (base64), so parameters can be raised later without a migration. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params.keyLength, { N: params.N, r: params.r, p: params.p, maxmem });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem });
  return timingSafeEqual(key, expected);
}

/** Used when no user matched, so a wrong e-mail costs the same time as a wrong password. */
export const unusableHash = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * The derived key (base64) of a password under the parameters `scrypt$N$r$p$salt` of a stored
 * hash, for the database to compare with what it keeps (the hash itself never leaves it; ADR 0046).
 * Unknown parameters derive under the unusable hash's, so every answer costs one scrypt.
 */
export async function derivedKeyFor(password: string, parameters: string | null): Promise<string> {
  const [scheme, n, r, p, salt] = (parameters ?? '').split('$');
  const usable = scheme === 'scrypt' && n && r && p && salt;
  const [, un, ur, up, usalt] = unusableHash.split('$');
  const key = await scrypt(password, Buffer.from(usable ? salt : usalt!, 'base64'), params.keyLength, {
    N: Number(usable ? n : un),
    r: Number(usable ? r : ur),
    p: Number(usable ? p : up),
    maxmem,
  });
  return key.toString('base64');
}
