import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Options } from '@node-rs/argon2';

/**
 * Passwords are hashed with argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane),
 * through @node-rs/argon2 (prebuilt binaries, no install script; runs off the event loop). The
 * PHC string keeps the parameters, so they can be raised later. Hashes written before (scrypt,
 * `scrypt$N$r$p$salt$hash`) still verify, and `needsRehash` tells the sign-in to replace them.
 */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
export const ARGON2_PARAMS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), ARGON2_PARAMS);
}

function scryptDerive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: 128 * N * r bytes is what scrypt needs; give it headroom.
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, password.normalize('NFKC'));
    } catch {
      return false;
    }
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptDerive(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True for a hash below today's scheme or cost: replace it after the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!match) return true;
  return Number(match[1]) < ARGON2_PARAMS.memoryCost || Number(match[2]) < ARGON2_PARAMS.timeCost;
}

/**
 * A valid hash of a random password. Verifying against it when the email is
 * unknown keeps the response time the same, so timing does not reveal which
 * emails have accounts.
 */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
