// Password hashing: scrypt at OWASP's parameters (N=2^17, r=8, p=1) from node:crypto.
// Stored as `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` so parameters can be raised later.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export const SCRYPT_LOG_N = 17
export const SCRYPT_R = 8
export const SCRYPT_P = 1
const KEY_LENGTH = 32
const SALT_BYTES = 16

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/** 128·N·r bytes are needed (128 MiB at N=2^17, r=8); node's default maxmem is 32 MiB. */
const optionsFor = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  maxmem: 2 * 128 * 2 ** logN * r,
})

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await scrypt(password, salt, optionsFor(SCRYPT_LOG_N, SCRYPT_R, SCRYPT_P))
  return ['scrypt', SCRYPT_LOG_N, SCRYPT_R, SCRYPT_P, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(hash, 'base64')
  const key = await scrypt(password, Buffer.from(salt, 'base64'), optionsFor(Number(logN), Number(r), Number(p)))
  return key.length === expected.length && timingSafeEqual(key, expected)
}
