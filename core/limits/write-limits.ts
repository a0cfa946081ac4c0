// Limits on every write a person makes (issue 23; design.md 'Limits'): per account AND per client
// address, over a rolling hour, with the one message 操作过于频繁，请稍后再试 and HTTP 429. The spec names
// no limit on these writes and no message for them (its only "too frequent" text is the phone code's
// one-per-minute rule, spec 000 §8, which core/accounts/limits.ts keeps), so the numbers are ours.
//
// How the numbers were chosen: a busy real reader must never meet them, a script always does. Each
// class names the busiest honest use we could think of and sits well above it; the address limit is a
// five accounts' worth (a family, an office, or a mobile carrier's shared IPv4 address behind
// carrier-grade NAT) and stops one address from making many accounts do what one may not.
//
// The rule (checked by the server in one SQL statement, server/http/write-limit.ts): a window is cut
// into BUCKETS_PER_WINDOW buckets; a write is counted in its bucket and allowed while the sum of the
// window's last BUCKETS_PER_WINDOW buckets, itself included, is at most `max`. So
//   - a writer who never makes more than `max` writes in any `windowMs` is never refused (the counted
//     buckets lie inside the last `windowMs`), and
//   - no `max + 1` writes are ever allowed within any span of (BUCKETS_PER_WINDOW − 1)/BUCKETS_PER_WINDOW
//     of the window (any such span lies inside BUCKETS_PER_WINDOW consecutive buckets);
// a refused write is not counted, so a reader who waits gets back in as the oldest bucket leaves.
// write-limits.test.ts proves both against a brute-force model.

/** At most `max` writes (or bytes) per rolling `windowMs`. */
export interface Limit {
  readonly max: number
  readonly windowMs: number
}

export interface ClassLimit {
  readonly account: Limit
  readonly address: Limit
  /** why these numbers: the busiest honest use they stay above */
  readonly reason: string
}

/** The classes of writes that are limited here. */
export type LimitedClass =
  | 'post'
  | 'article'
  | 'draft'
  | 'comment'
  | 'liveComment'
  | 'heartbeat'
  | 'like'
  | 'follow'
  | 'share'
  | 'report'
  | 'order'
  | 'pay'
  | 'refund'
  | 'coupon'
  | 'upload'
  | 'profile'
  | 'attestation'
  | 'application'
  | 'manage'
  | 'portfolio'
  | 'group'
  | 'check'
  | 'reading'
  | 'loginQr'

/**
 * Writes not limited here, each for its reason:
 * - `own`: limited by rules of their own (phone and e-mail codes, logins, sign-ups, password resets,
 *   lookups, captcha, logs: core/accounts/limits.ts, server/content/site.ts LOG_RATE);
 * - `service`: sent by a service, not a person, and checked by signature (the pay notification);
 * - `sandbox`: local mode and loopback only (server/mode.ts), absent in production;
 * - `session`: ending one's own session, or a step of a login that `own` rules already bound.
 */
export type UnlimitedClass = 'own' | 'service' | 'sandbox' | 'session'
export type WriteClass = LimitedClass | UnlimitedClass

export const HOUR_MS = 3_600_000
const perHour = (max: number): Limit => ({ max, windowMs: HOUR_MS })

/** A window is counted in this many buckets (10 minutes of an hour). */
export const BUCKETS_PER_WINDOW = 6

/** The answer to a refused write (no spec message for these: see the file's head). */
export const WRITE_LIMIT_MESSAGE = '操作过于频繁，请稍后再试'

/** What the limit table names: every limited class, and the upload bytes. */
export type LimitName = LimitedClass | 'uploadBytes'

/** The limits, per class; `uploadBytes` counts bytes, the rest count writes. */
export const WRITE_LIMITS: Readonly<Record<LimitName, ClassLimit>> = {
  post: {
    account: perHour(30),
    address: perHour(150),
    reason: 'A prolific poster writes a few discussions an hour during a market move; 30 is one every two minutes for a whole hour.',
  },
  article: {
    account: perHour(10),
    address: perHour(50),
    reason: 'A long article takes a while to write; even a columnist publishing a backlog of drafts does not publish more than 10 in an hour.',
  },
  draft: {
    account: perHour(120),
    address: perHour(600),
    reason: 'The article editor saves a draft only when the writer presses save (no timed autosave); 120 is one save every 30 s for an hour.',
  },
  comment: {
    account: perHour(60),
    address: perHour(300),
    reason: 'A heated thread: one comment or reply a minute for a whole hour is far beyond a real reader.',
  },
  liveComment: {
    account: perHour(90),
    address: perHour(1500),
    reason: 'A live room\'s chat runs quicker than a thread: a talkative viewer sends a line every minute or so through a broadcast, with bursts of a few; 90 an hour is above that. Each comment is pushed to every viewer, so a script must stop; an address is a room of viewers (an office watching together).',
  },
  heartbeat: {
    account: perHour(720),
    address: perHour(36_000),
    reason: 'Not typed by a person: a watching page beats every 15 s (240 an hour) and counts one visit per open; 720 leaves room for three pages at once. An address may be a school or a carrier\'s shared address with 150 viewers of one broadcast.',
  },
  like: {
    account: perHour(300),
    address: perHour(1500),
    reason: 'Likes and favourites (and taking them back) are one click while scrolling; 300 is five a minute for an hour. Each like may notify its author, so a script must stop.',
  },
  follow: {
    account: perHour(200),
    address: perHour(1000),
    reason: 'Following people, subjects and portfolios and watching stocks: a new reader building a watchlist and a follow list adds a few dozen; a follow notifies the person followed.',
  },
  share: {
    account: perHour(60),
    address: perHour(300),
    reason: 'Each share makes a share code; a reader shares a handful of things an hour.',
  },
  report: {
    account: perHour(20),
    address: perHour(100),
    reason: 'Complaints and appeals go to people who read each one; 20 an hour is far more than any reader files.',
  },
  order: {
    account: perHour(30),
    address: perHour(150),
    reason: 'Creating an order (a WeChat Pay call in production), buying and recharging: the QR dialog makes a new order when its 300 s code runs out (spec 001 §9), so a reader waiting an hour makes 12; 30 leaves room for several dialogs.',
  },
  pay: {
    account: perHour(30),
    address: perHour(150),
    reason: 'Paying an order with gurucoins: one per order, and orders are limited to 30 an hour.',
  },
  refund: {
    account: perHour(60),
    address: perHour(300),
    reason: 'A circle owner refunding orders from the console: one click per order, after a confirmation; a busy owner settling a dispute refunds a handful, and 60 an hour is one a minute. Each one calls the pay service, so a script must stop.',
  },
  coupon: {
    account: perHour(20),
    address: perHour(100),
    reason: 'Redeeming a coupon code: a reader types in a few codes; a script guessing codes must stop early.',
  },
  upload: {
    account: perHour(200),
    address: perHour(1000),
    reason: 'Upload requests: the discussion dialog sends one request per image, 9 images a discussion (spec 000 §9); 200 is over 20 illustrated discussions an hour.',
  },
  profile: {
    account: perHour(30),
    address: perHour(150),
    reason: 'Nick, signature, avatar, password, address, agreements, binding and merging: changed a few times at most; the password change also checks the old password, which must not be guessed.',
  },
  attestation: {
    account: perHour(10),
    address: perHour(50),
    reason: 'The risk questionnaire and the real-name form are sent once, maybe again after a correction.',
  },
  application: {
    account: perHour(10),
    address: perHour(50),
    reason: 'Applying for a column or for hot content: once, perhaps edited a few times.',
  },
  manage: {
    account: perHour(120),
    address: perHour(600),
    reason: 'Deleting one\'s own posts and comments, and an owner pinning, featuring or closing comments: tidying up is a few dozen clicks.',
  },
  portfolio: {
    account: perHour(60),
    address: perHour(300),
    reason: 'Creating, editing, adjusting and closing portfolios: a reader rebalancing adjusts a few times an hour.',
  },
  group: {
    account: perHour(120),
    address: perHour(600),
    reason: 'Managing chat groups (create, add, mute, kick, admins; an Excel import is one request): an owner runs a few dozen actions. Chat messages and images have their own limits in the chat relay.',
  },
  check: {
    account: perHour(600),
    address: perHour(3000),
    reason: 'POSTs that check rather than store (text moderation before sending, portfolio name checks, adjustment queries): asked as the reader types or sends; 600 is ten a minute for an hour.',
  },
  reading: {
    account: perHour(1200),
    address: perHour(6000),
    reason: 'Read history and marking messages read happen as a reader opens things; 1200 is an article every 3 s for an hour.',
  },
  loginQr: {
    account: perHour(60),
    address: perHour(300),
    reason: 'A WeChat login QR is asked by a guest (so mostly the address counts, and many readers may share one) and lives 300 s; a reader reopening the login dialog asks a few; each one is a stored grant.',
  },
  // Bytes uploaded per rolling hour (server/uploads), next to the upload requests counted above. One
  // request may carry 10 files of 20,000,000 bytes (core/api/uploads.ts), so one maximal request must
  // fit; a reader posting photos (3,000,000 bytes each, 9 a discussion) a dozen times an hour sends
  // about 300 MB. The script (200 MB in 1.4 s, again and again) meets it within seconds.
  uploadBytes: {
    account: { max: 500_000_000, windowMs: HOUR_MS },
    address: { max: 2_500_000_000, windowMs: HOUR_MS },
    reason: 'One maximal request (10 × 20 MB) fits; a dozen 9-photo discussions an hour (about 300 MB) fit; a script does not.',
  },
}

/** A limit table with the same names (the app takes one: tests not about limits may pass a generous one). */
export type WriteLimitTable = Readonly<Record<LimitName, ClassLimit>>

/** `table` with every max multiplied by `factor` (tests that make many writes but are not about limits). */
export function scaledLimits(table: WriteLimitTable, factor: number): WriteLimitTable {
  const scale = (l: Limit): Limit => ({ max: l.max * factor, windowMs: l.windowMs })
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, { ...v, account: scale(v.account), address: scale(v.address) }])) as WriteLimitTable
}

// --- the rule ----------------------------------------------------------------------------------

/** The length of one bucket of `limit`'s window (ms). */
export const bucketMs = (limit: Limit): number => limit.windowMs / BUCKETS_PER_WINDOW

/** The start (ms) of the bucket holding `now`: the key a write is counted under. */
export const bucketStart = (limit: Limit, now: number): number => Math.floor(now / bucketMs(limit)) * bucketMs(limit)

/** The earliest bucket start counted with the bucket holding `now` (the window's last BUCKETS_PER_WINDOW buckets). */
export const windowStart = (limit: Limit, now: number): number => bucketStart(limit, now) - (BUCKETS_PER_WINDOW - 1) * bucketMs(limit)

/** Whether a write may go ahead given the window's total counting it (`cost` included). */
export const withinLimit = (limit: Limit, totalWithThis: number): boolean => totalWithThis <= limit.max

/**
 * The rule on a history kept in memory: the model the tests check the laws on (the server keeps the
 * same buckets in PostgreSQL). `counts` maps bucket start → amount counted; a refused write leaves it.
 */
export function admit(counts: Map<number, number>, limit: Limit, now: number, cost = 1): boolean {
  const from = windowStart(limit, now)
  const at = bucketStart(limit, now)
  let total = cost
  for (const [start, n] of counts) if (start >= from && start <= at) total += n
  if (!withinLimit(limit, total)) return false
  counts.set(at, (counts.get(at) ?? 0) + cost)
  return true
}

// --- the address -------------------------------------------------------------------------------

/**
 * The address a per-address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its /64 — one household or host is given a whole /64, so counting
 * single IPv6 addresses would let one machine take a fresh address for every write.
 */
export function addressKey(ip: string): string {
  const text = ip.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text) ?? /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)
  if (mapped) return mapped[1]!
  if (!text.includes(':')) return text.slice(0, 64)
  const groups = expandIpv6(text)
  if (!groups) return text.slice(0, 64)
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address (with a trailing dotted IPv4 allowed), or null. */
function expandIpv6(text: string): number[] | null {
  let s = text
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s)
  if (v4) {
    const b = v4.slice(1).map(Number)
    if (b.some((x) => x > 255)) return null
    s = `${s.slice(0, v4.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`
  }
  const halves = s.split('::')
  if (halves.length > 2) return null
  const part = (h: string) => (h === '' ? [] : h.split(':'))
  const head = part(halves[0]!)
  const tail = halves.length === 2 ? part(halves[1]!) : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return all.map((g) => parseInt(g, 16))
}
