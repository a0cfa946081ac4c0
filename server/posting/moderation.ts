// Moderation through a port (issue 12; spec 000 §5: text is checked through a moderation call
// before posting). A real service (e.g. a cloud text-moderation API) implements ModerationPort; the
// local default checks a word list at once and leaves new content under review until a delay has
// passed (POSTING_REVIEW_DELAY_MS, default 60 s) or the loopback-only sandbox decides it.

import { modeOf } from '../mode'

export interface ModerationVerdict {
  readonly pass: boolean
}

export interface ModerationPort {
  /** The text check: content that fails is refused before it is stored. */
  checkText(text: string): Promise<ModerationVerdict>
  /** When content stored now (ms) is approved without a human, or null to wait for a decision. */
  autoApproveAt(nowMs: number): number | null
}

/** Words the local default refuses (our list; a real service brings its own). */
export const LOCAL_FORBIDDEN_WORDS: readonly string[] = [
  '赌博', '博彩', '代开发票', '办证', '枪支', '毒品', '洗钱', '传销', '内幕消息', '保证收益', '稳赚不赔', '带单',
]
export const LOCAL_REVIEW_DELAY_MS = 60_000

/** Letters and digits only, lower-case: '赌 · 博' and '赌-博' are still 赌博. */
const normalise = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

export function containsForbiddenWord(text: string, words: readonly string[] = LOCAL_FORBIDDEN_WORDS): boolean {
  const t = normalise(text)
  return words.some((w) => t.includes(normalise(w)))
}

export function localModeration(env: Record<string, string | undefined> = {}): ModerationPort {
  const configured = Number(env.POSTING_REVIEW_DELAY_MS)
  const delay = Number.isFinite(configured) && configured >= 0 ? configured : LOCAL_REVIEW_DELAY_MS
  return {
    checkText: async (text) => ({ pass: !containsForbiddenWord(text) }),
    // the timed approval is a sandbox: in production (no real moderation service yet) nothing is
    // approved without a decision — fail closed, never publish unreviewed content
    autoApproveAt: (nowMs) => (modeOf(env) === 'production' ? null : nowMs + delay),
  }
}
