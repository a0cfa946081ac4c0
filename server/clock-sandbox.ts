// The server's clock port (`clock` in createApp: milliseconds since the epoch; every feature's
// limits, code lifetimes and sessions read it) and a sandbox that moves it forward, so a journey
// skips a real wait such as spec 000 §9's one code per minute instead of sleeping 61 s.
// Like every sandbox (server/mode.ts) it exists only in the local mode: server/main.ts makes the
// controllable clock and registers the route only there, and the route answers only loopback
// sockets. Production runs on Date.now with no route at all.
import type { Hono } from 'hono'
import * as Schema from 'effect/Schema'
import { failure } from './http/api-error'
import { sandboxAllowed, type Env } from './mode'

export const CLOCK_SANDBOX_PATH = '/api/sandbox/clock'
/** At most a day per call (our choice): a journey skips a wait, it does not travel years. */
export const MAX_ADVANCE_MS = 24 * 3600 * 1000

export interface ClockControl {
  /** the clock to give createApp */
  readonly now: () => number
  /** moves it forward by `ms` */
  advance(ms: number): void
}

export function controllableClock(base: () => number = Date.now): ClockControl {
  let offset = 0
  return {
    now: () => base() + offset,
    advance(ms) {
      offset += ms
    },
  }
}

const AdvanceBody = Schema.Struct({ advanceMs: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: MAX_ADVANCE_MS })) })
const decodeBody = Schema.decodeUnknownOption(AdvanceBody)

/**
 * POST /api/sandbox/clock { advanceMs } → { now }: registered after the CSRF check (server/app.ts),
 * so it wants the X-CSRF-Token like every state-changing call; 404 unless local mode and loopback.
 */
export function registerClockSandbox(app: Hono, control: ClockControl, env: Env): void {
  app.post(CLOCK_SANDBOX_PATH, async (c) => {
    if (!sandboxAllowed(c, env)) return c.json(failure(404, '接口不存在'), 404)
    const body = decodeBody(await c.req.json().catch(() => null))
    if (body._tag === 'None') return c.json(failure(400, `参数错误：advanceMs 须为 1 到 ${MAX_ADVANCE_MS} 之间的整数（毫秒）`), 400)
    control.advance(body.value.advanceMs)
    return c.json({ statusCode: 200, message: 'success', result: { now: control.now() } })
  })
}
