// Portfolio rules (issue 15; spec 001 §3 Portfolio): the name, the number of open portfolios per user
// and one adjustment's target weights. Shared by the server (which refuses) and the edit form (which
// shows the rule as the reader types). Forbidden words are the moderation port's, on the server.

/** Our choice: a name of 2 to 20 characters (code points), trimmed. */
export const NAME_MIN = 2
export const NAME_MAX = 20
/** Our choice: at most 5 portfolios open at once per user (closed ones do not count); the UI says so. */
export const MAX_OPEN_PORTFOLIOS = 5
/** Our choice: at most 20 stocks in one portfolio. */
export const MAX_POSITIONS = 20
/** Weights are percent with at most 2 decimals; sums are taken in hundredths of a percent. */
export const FULL_HUNDREDTHS = 10_000
/** Our choice: the markets a portfolio invests in, each against its index (spec: 恒生指数, 标普500). */
export const PORTFOLIO_MARKETS = ['hk', 'us'] as const
export type PortfolioMarket = (typeof PORTFOLIO_MARKETS)[number]
export const BENCHMARK_OF: Record<PortfolioMarket, string> = { hk: 'hkHSI', us: 'usSPX' }

export const PORTFOLIO_MESSAGES = {
  nameEmpty: '请输入组合名称',
  nameLength: `组合名称为 ${NAME_MIN}-${NAME_MAX} 个字`,
  nameChars: '组合名称不能包含控制字符',
  nameForbidden: '组合名称包含不允许的内容，请修改',
  tooManyOpen: `每位用户最多同时运行 ${MAX_OPEN_PORTFOLIOS} 个组合`,
  weightRange: '单只股票仓位应在 0% 到 100% 之间，最多两位小数',
  weightsOver: '仓位合计不能超过 100%',
  duplicateStock: '同一只股票在一次调仓中只能出现一次',
  tooManyStocks: `一个组合最多持有 ${MAX_POSITIONS} 只股票`,
  emptyAllocation: '请至少选择一只股票',
  unknownStock: '股票不存在',
  wrongMarket: '只能选择组合所在市场的股票',
  notFound: '组合不存在',
  closed: '组合已关闭，不能再修改或调仓',
  notOwner: '只有组合创建者可以进行此操作',
  // spec 001 §8: the 403 guard
  loginFirst: '请先登录再进行操作！',
  followOwn: '不能关注自己的组合',
  // DELETE /api/portfolio/follow/v1 with the list neither in the body nor in the query
  codeListMissing: '参数错误：缺少 portfolioCodeList',
} as const

/** `s` trimmed, then NAME_MIN..NAME_MAX code points without control characters; null when valid. */
export function checkName(s: string): string | null {
  if (/\p{Cc}/u.test(s)) return s.trim() === '' ? PORTFOLIO_MESSAGES.nameEmpty : PORTFOLIO_MESSAGES.nameChars
  const n = [...s.trim()].length
  if (n === 0) return PORTFOLIO_MESSAGES.nameEmpty
  if (n < NAME_MIN || n > NAME_MAX) return PORTFOLIO_MESSAGES.nameLength
  return null
}

export const canOpenAnother = (openCount: number): boolean => openCount < MAX_OPEN_PORTFOLIOS

/** A weight in hundredths of a percent (33.33 → 3333); NaN when it has more than 2 decimals. */
export function weightHundredths(w: number): number {
  const h = Math.round(w * 100)
  return Math.abs(h - w * 100) < 1e-6 ? h : Number.NaN
}

export const isValidWeight = (w: number): boolean => {
  const h = weightHundredths(w)
  return Number.isFinite(h) && h >= 0 && h <= FULL_HUNDREDTHS
}

export interface TargetWeight {
  readonly stockId: string
  /** percent, 0–100, at most 2 decimals; 0 sells the stock */
  readonly weight: number
}

/** One adjustment's targets: each stock once, valid weights, at most MAX_POSITIONS held, sum ≤ 100 %. */
export function checkAllocation(rows: readonly TargetWeight[]): string | null {
  if (new Set(rows.map((r) => r.stockId)).size !== rows.length) return PORTFOLIO_MESSAGES.duplicateStock
  if (!rows.every((r) => isValidWeight(r.weight))) return PORTFOLIO_MESSAGES.weightRange
  if (rows.filter((r) => r.weight > 0).length > MAX_POSITIONS) return PORTFOLIO_MESSAGES.tooManyStocks
  const sum = rows.reduce((s, r) => s + weightHundredths(r.weight), 0)
  return sum > FULL_HUNDREDTHS ? PORTFOLIO_MESSAGES.weightsOver : null
}

/** What is left in cash, in percent (two decimals exact). */
export const cashWeight = (rows: readonly TargetWeight[]): number =>
  (FULL_HUNDREDTHS - rows.reduce((s, r) => s + (weightHundredths(r.weight) || 0), 0)) / 100
