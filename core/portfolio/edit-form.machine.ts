// The portfolio form (issue 15): /portfolio/create and /portfolio/edit/{type}/{portfolioCode}. The
// reader names a new portfolio and picks its market, adds stocks from the stock search and sets their
// weights; the rules of core/portfolio/rules.ts show as they type. Before anything is saved the server
// prices the adjustment at the market now (pre-adjust preview); confirming saves it.
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage } from '../api/api-error'
import { PORTFOLIO_MESSAGES, checkAllocation, checkName, type PortfolioMarket } from './rules'

export interface FormRow {
  readonly stockId: string
  readonly name: string
  /** percent as the reader typed it (NaN while the box is not a number) */
  readonly weight: number
}

export interface PreviewItem {
  readonly stockCode: string
  readonly name: string
  readonly fromWeight: number
  readonly toWeight: number
  readonly price: number
}
export interface Preview {
  readonly items: readonly PreviewItem[]
  readonly cashWeight: number
}

export interface LoadedConfig {
  readonly name: string
  readonly market: PortfolioMarket
  readonly rows: readonly FormRow[]
}

export interface EditFormContext {
  readonly mode: 'create' | 'edit'
  readonly portfolioCode: string | null
  readonly name: string
  readonly market: PortfolioMarket
  readonly rows: readonly FormRow[]
  /** the first rule broken, shown live; null when the form may be previewed */
  readonly problem: string | null
  readonly preview: Preview | null
  /** the server's message of the last failed call */
  readonly error: string | null
  /** the code saved (create answers a new one) */
  readonly savedCode: string | null
}

export type EditFormEvent =
  | { type: 'name.change'; name: string }
  | { type: 'market.choose'; market: PortfolioMarket }
  | { type: 'stock.add'; stockId: string; name: string }
  | { type: 'stock.remove'; stockId: string }
  | { type: 'weight.change'; stockId: string; weight: number }
  | { type: 'form.preview' }
  | { type: 'form.back' }
  | { type: 'form.confirm' }
  | { type: 'form.retry' }

export interface SaveInput {
  readonly mode: 'create' | 'edit'
  readonly portfolioCode: string | null
  readonly name: string
  readonly market: PortfolioMarket
  readonly rows: readonly FormRow[]
}

/** The rule a form breaks, in the order the reader meets them; null when it may be previewed. */
export function formProblem(c: Pick<EditFormContext, 'mode' | 'name' | 'rows'>): string | null {
  if (c.mode === 'create') {
    const name = checkName(c.name)
    if (name) return name
  }
  const allocation = checkAllocation(c.rows.map((r) => ({ stockId: r.stockId, weight: r.weight })))
  if (allocation) return allocation
  if (c.mode === 'create' && !c.rows.some((r) => r.weight > 0)) return PORTFOLIO_MESSAGES.emptyAllocation
  return null
}

const withProblem = <C extends EditFormContext>(c: C): C => ({ ...c, problem: formProblem(c) })

export const editFormMachine = setup({
  types: {} as {
    context: EditFormContext
    events: EditFormEvent
    input: { mode: 'create' | 'edit'; portfolioCode?: string | null; market?: PortfolioMarket }
  },
  actors: {
    loadConfig: fromPromise<LoadedConfig, { mode: 'create' | 'edit'; portfolioCode: string | null }>(() => {
      throw new Error('provide loadConfig')
    }),
    loadPreview: fromPromise<Preview, SaveInput>(() => {
      throw new Error('provide loadPreview')
    }),
    save: fromPromise<{ portfolioCode: string }, SaveInput>(() => {
      throw new Error('provide save')
    }),
  },
  guards: {
    isCreate: ({ context }) => context.mode === 'create',
    isValid: ({ context }) => context.problem === null,
  },
  actions: {
    setName: assign(({ context, event }) => (event.type === 'name.change' ? withProblem({ ...context, name: event.name, error: null }) : context)),
    // the stocks belong to a market: another market starts the list again
    setMarket: assign(({ context, event }) =>
      event.type === 'market.choose' && event.market !== context.market ? withProblem({ ...context, market: event.market, rows: [], error: null }) : context,
    ),
    addStock: assign(({ context, event }) =>
      event.type === 'stock.add' && !context.rows.some((r) => r.stockId === event.stockId)
        ? withProblem({ ...context, rows: [...context.rows, { stockId: event.stockId, name: event.name, weight: 0 }], error: null })
        : context,
    ),
    removeStock: assign(({ context, event }) =>
      event.type === 'stock.remove' ? withProblem({ ...context, rows: context.rows.filter((r) => r.stockId !== event.stockId), error: null }) : context,
    ),
    setWeight: assign(({ context, event }) =>
      event.type === 'weight.change'
        ? withProblem({ ...context, rows: context.rows.map((r) => (r.stockId === event.stockId ? { ...r, weight: event.weight } : r)), error: null })
        : context,
    ),
    takeConfig: assign(({ context }, params: { config: LoadedConfig }) => {
      const out = params.config
      return withProblem({ ...context, name: out.name, market: out.market, rows: out.rows, error: null })
    }),
    takePreview: assign({ preview: (_, params: { preview: Preview }) => params.preview, error: null }),
    takeSaved: assign({ savedCode: (_, params: { portfolioCode: string }) => params.portfolioCode }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
    dropPreview: assign({ preview: null }),
  },
}).createMachine({
  id: 'portfolioEditForm',
  description:
    'Creating or adjusting a portfolio: name it, choose its market, add stocks and their weights, preview the result, then confirm to save it.',
  context: ({ input }) =>
    withProblem({
      mode: input.mode,
      portfolioCode: input.portfolioCode ?? null,
      name: '',
      market: input.market ?? 'hk',
      rows: [],
      problem: null,
      preview: null,
      error: null,
      savedCode: null,
    }),
  // create loads too: an empty form, or a copy of another portfolio's allocation (/portfolio/create/{type}/{code})
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the form: empty for a new portfolio, or the holdings of the one being adjusted or copied.',
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        input: ({ context }) => ({ mode: context.mode, portfolioCode: context.portfolioCode }),
        onDone: { target: 'editing', actions: { type: 'takeConfig', params: ({ event }) => ({ config: event.output }) } },
        onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { description: 'The form could not be loaded: the reason and a retry.', on: { 'form.retry': 'loading' } },
    editing: {
      description: 'The reader edits the name, the stocks and their weights; a problem (weights not adding up, a name too long) shows beside the form.',
      on: {
        'name.change': { actions: 'setName' },
        'market.choose': { guard: 'isCreate', actions: 'setMarket', description: 'Only a new portfolio may change its market (HK or US).' },
        'stock.add': { actions: 'addStock' },
        'stock.remove': { actions: 'removeStock' },
        'weight.change': { actions: 'setWeight' },
        'form.preview': { guard: 'isValid', target: 'previewing', description: 'The form has no problem left: the preview of the result is asked for.' },
      },
    },
    previewing: {
      description: 'Working out the preview (the holdings and what changes).',
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        input: ({ context }) => ({ mode: context.mode, portfolioCode: context.portfolioCode, name: context.name, market: context.market, rows: context.rows }),
        onDone: { target: 'reviewing', actions: { type: 'takePreview', params: ({ event }) => ({ preview: event.output }) } },
        onError: { target: 'editing', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reviewing: {
      description: 'The preview is shown: go back to edit, or confirm to save.',
      on: {
        'form.back': { target: 'editing', actions: 'dropPreview' },
        'form.confirm': 'saving',
      },
    },
    saving: {
      description: 'Saving the portfolio; a refusal returns to the preview with the reason.',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ mode: context.mode, portfolioCode: context.portfolioCode, name: context.name, market: context.market, rows: context.rows }),
        onDone: { target: 'saved', actions: { type: 'takeSaved', params: ({ event }) => ({ portfolioCode: event.output.portfolioCode }) } },
        onError: { target: 'reviewing', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final', description: 'Saved: the page goes on to the portfolio.' },
  },
})
