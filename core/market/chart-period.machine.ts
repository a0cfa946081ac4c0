// The stock chart's period and loading state (spec 000 §7: periods 分时/日K/周K/月K/1分钟, rights types
// 0 不复权/1 前复权/2 后复权). The view renders this machine: which period and rights button is pressed,
// whether the chart is loading, drawn or failed; live quotes are applied only as core/market/chart-period.ts
// `liveTickAllowed` says (read its comment: the rule is written down there).
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage, LOAD_FAILED } from '../api/api-error'
import type { ChartPeriod, RightsType } from './kline'
import type { MarketStatus } from './sessions'
import { effectiveRights, hasRights, liveTickAllowed } from './chart-period'

/** What the loader answers: the series (opaque here, the view knows its shape) and the 后复权 factor of the live bar. */
export interface ChartLoaded {
  data: unknown
  /** only for 后复权 klines: adjusted over raw close of the last bar; null otherwise or when unknown */
  backwardFactor: number | null
}

/** A pushed quote, as much as the rule needs; the view's applyTick reads the rest. */
export interface ChartTick {
  status: MarketStatus
  time: number
  price: number
  volume: number
  turnover: number
}

export interface ChartContext {
  period: ChartPeriod
  /** the reader's choice; kept while 分时 or 1分钟 is shown (they are raw: see effectiveRights) */
  rights: RightsType
  data: unknown
  backwardFactor: number | null
  error: string | null
}

export type ChartEvent =
  | { type: 'chart.period'; period: ChartPeriod }
  | { type: 'chart.rights'; rights: RightsType }
  | { type: 'chart.retry' }
  | { type: 'chart.tick'; tick: ChartTick }

export const chartPeriodMachine = setup({
  types: {} as {
    context: ChartContext
    events: ChartEvent
    input: { period?: ChartPeriod; rights?: RightsType }
  },
  actors: {
    loadChart: fromPromise<ChartLoaded, { period: ChartPeriod; rights: RightsType }>(() => {
      throw new Error('provide loadChart')
    }),
  },
  guards: {
    isOtherPeriod: ({ context, event }) => event.type === 'chart.period' && event.period !== context.period,
    /** a rights switch reloads only where rights apply (day/week/month) and only when it changes */
    isOtherRights: ({ context, event }) => event.type === 'chart.rights' && hasRights(context.period) && event.rights !== context.rights,
    tickAllowed: ({ context, event }) =>
      event.type === 'chart.tick' && liveTickAllowed(context.period, context.rights, context.backwardFactor, event.tick.status),
  },
  actions: {
    choosePeriod: assign(({ event }) => (event.type === 'chart.period' ? { period: event.period } : {})),
    chooseRights: assign(({ event }) => (event.type === 'chart.rights' ? { rights: event.rights } : {})),
    clear: assign({ data: null, backwardFactor: null, error: null }),
    store: assign((_, params: { loaded: ChartLoaded }) => ({ data: params.loaded.data, backwardFactor: params.loaded.backwardFactor, error: null })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, LOAD_FAILED) })),
    /** provided by the view: draws the tick on the chart (update the last bar or append one) */
    applyTick: () => {},
  },
}).createMachine({
  id: 'chartPeriod',
  description: 'The stock chart: which period and price adjustment is chosen, and whether the chart is loading, shown or failed.',
  context: ({ input }) => ({ period: input.period ?? 'minute', rights: input.rights ?? 1, data: null, backwardFactor: null, error: null }),
  initial: 'loading',
  on: {
    'chart.period': {
      guard: 'isOtherPeriod',
      target: '.loading',
      actions: ['choosePeriod', 'clear'],
      description: 'The reader picked another period (minute, 5 days, day, week, month…): its chart loads.',
    },
    'chart.rights': {
      guard: 'isOtherRights',
      target: '.loading',
      actions: ['chooseRights', 'clear'],
      description: 'The reader picked another price adjustment (不复权, 前复权, 后复权): the chart loads again with it.',
    },
  },
  states: {
    loading: {
      description: 'Fetching the minute line or the klines of the chosen period (and rights type for day/week/month); live quotes wait.',
      invoke: {
        id: 'loadChart',
        src: 'loadChart',
        input: ({ context }) => ({ period: context.period, rights: effectiveRights(context.period, context.rights) }),
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      description: 'The chart is drawn. A live quote is applied when the session is trading and the rights type shown does not rewrite the live bar (后复权 only with its factor).',
      on: {
        'chart.tick': {
          guard: 'tickAllowed',
          actions: 'applyTick',
          description: 'A live price arrives while the market trades and the chosen adjustment allows it: the newest bar moves.',
        },
      },
    },
    failed: {
      description: 'Loading failed: the message and a retry button are shown.',
      on: { 'chart.retry': { target: 'loading', actions: 'clear' } },
    },
  },
})
