// spec 001 §7: the create-order sign is a hash of package id, channel, 'web', public key and user token.
// The hash function is not shown; ours is SHA-256 (hex) of these five joined by '|'. Core builds the
// input only (no crypto here): the server hashes with node:crypto, the browser adapter with Web Crypto.
import type { PayChannel } from '../api/payment'

/** spec 001 §7: the platform part of the sign. */
export const SIGN_PLATFORM = 'web'

export function signInput(goodsId: number, channel: PayChannel, publicKey: string, userToken: string): string {
  return [String(goodsId), channel, SIGN_PLATFORM, publicKey, userToken].join('|')
}
