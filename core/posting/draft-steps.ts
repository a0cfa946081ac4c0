// What the discussion dialog (spec 000 §2, §8) and the circle post box (spec 001 §5, §8) have in common:
// the edits both drafts take (title, text, topic, stock references, upload reports), the risk categories
// read once when the draft opens, the risk-category modal that asks for one before sending when the site
// has some and none is chosen (its confirm needs a choice), and the 温馨提示 dialog that shows why a send
// was refused. Each machine spreads `draftEditing` into its editing state, takes its `loadingRiskTips` and
// `choosingRisk` states from here, and names in its setup the actor `loadRiskTips`, the guard `riskChosen`, the actions of
// `riskActions()`, and its own `edit` and `trackUpload` (its draft differs).
import { assign, fromPromise, type EventObject } from 'xstate'
import { errorMessage } from '../toggle/toggle.machine'
import type { StockRef, TopicChoice } from './discussion'
import type { UploadReport } from './draft-uploads'

export interface RiskCategory {
  readonly id: number
  readonly name: string
}

/** What a draft keeps for the risk choice and the 温馨提示 dialog. */
export interface RiskChoice {
  readonly riskTips: readonly RiskCategory[]
  readonly riskTipId: number | null
  /** the message of the 温馨提示 dialog, when it is open */
  readonly notice: string | null
}

/** The edits both drafts take as they are; adding a stock follows each draft's own bound. */
export type DraftEdit =
  | { type: 'draft.title'; value: string }
  | { type: 'draft.body'; value: string }
  | { type: 'draft.topic'; topic: TopicChoice | null }
  | { type: 'stock.remove'; code: string }

export type DraftEvent = DraftEdit | UploadReport | { type: 'stock.add'; stock: StockRef } | { type: 'post.send' } | { type: 'risk.choose'; id: number } | { type: 'risk.confirm' } | { type: 'risk.cancel' } | { type: 'notice.close' }

const EDITS: ReadonlySet<string> = new Set<DraftEdit['type']>(['draft.title', 'draft.body', 'draft.topic', 'stock.remove'])
export const isDraftEdit = (e: { type: string }): e is DraftEdit => EDITS.has(e.type)
export const isUploadReport = (e: { type: string }): e is UploadReport => e.type.startsWith('upload.')

/** What one of those edits changes. */
export function draftEdit(d: { readonly stocks: readonly StockRef[] }, e: DraftEdit) {
  if (e.type === 'draft.title') return { title: e.value }
  if (e.type === 'draft.body') return { body: e.value }
  if (e.type === 'draft.topic') return { topic: e.topic }
  return { stocks: d.stocks.filter((s) => s.code !== e.code) }
}

/** The events of the editing state both drafts handle alike. */
export const draftEditing = {
  'draft.title': { actions: 'edit' },
  'draft.body': { actions: 'edit' },
  'draft.topic': { actions: 'edit' },
  'stock.add': { actions: 'edit' },
  'stock.remove': { actions: 'edit' },
  'upload.progress': { actions: 'trackUpload' },
  'upload.done': { actions: 'trackUpload' },
  'upload.failed': { actions: 'trackUpload' },
  'notice.close': { actions: 'closeNotice' },
} as const

/** The read of the risk categories a machine names `loadRiskTips`; the caller provides the real one. */
export const riskTipsActor = fromPromise<readonly RiskCategory[]>(() => {
  throw new Error('provide loadRiskTips')
})

/** The site has risk categories and the reader has chosen none yet. */
export const needsRiskChoice = (c: RiskChoice): boolean => c.riskTips.length > 0 && c.riskTipId === null

/** The risk choice or notice a draft's context takes; TypeScript cannot see that it fits a generic context. */
const patch = <TContext extends RiskChoice>(p: Partial<RiskChoice>) => p as Partial<TContext>

/** The actions these steps name, for the setup of a machine with context TContext and events TEvent. */
export function riskActions<TContext extends RiskChoice, TEvent extends EventObject>() {
  return {
    setRiskTips: assign<TContext, TEvent, { tips: readonly RiskCategory[] }, TEvent, never>((_, params) => patch({ riskTips: params.tips })),
    chooseRisk: assign<TContext, TEvent, { id: number }, TEvent, never>((_, params) => patch({ riskTipId: params.id })),
    clearRisk: assign<TContext, TEvent, undefined, TEvent, never>(() => patch({ riskTipId: null })),
    showNotice: assign<TContext, TEvent, { error: unknown }, TEvent, never>((_, params) => patch({ notice: errorMessage(params.error) })),
    closeNotice: assign<TContext, TEvent, undefined, TEvent, never>(() => patch({ notice: null })),
  }
}

/** Where a refused send goes: back to the draft, the server's message in the 温馨提示 dialog. */
export const backWithNotice = {
  target: 'editing',
  actions: { type: 'showNotice', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const

/**
 * The shared `loadingRiskTips` state: then `editing`, with the categories, or none when the read fails
 * (nothing is asked). The draft takes the reader's edits meanwhile: on a slow connection the box shows
 * before the categories come, and what is typed then must not be lost.
 */
export function loadingRiskTips<TOn extends object = typeof draftEditing>(description: string, on?: TOn) {
  return {
    description,
    on: on ?? draftEditing,
    invoke: {
      id: 'loadRiskTips',
      src: 'loadRiskTips',
      onDone: { target: 'editing', actions: { type: 'setRiskTips', params: ({ event }: { event: { output: readonly RiskCategory[] } }) => ({ tips: event.output }) } },
      onError: { target: 'editing', actions: { type: 'setRiskTips', params: () => ({ tips: [] }) } },
    },
  } as const
}

/** The shared `choosingRisk` state, the risk-category modal: confirm (with a choice) sends, cancel returns to `editing`. */
export function choosingRisk(words: { description: string; confirmed: string }) {
  return {
    description: words.description,
    on: {
      'risk.choose': { actions: { type: 'chooseRisk', params: ({ event }: { event: { id: number } }) => ({ id: event.id }) } },
      'risk.confirm': { guard: 'riskChosen', target: 'sending', description: words.confirmed },
      'risk.cancel': { target: 'editing', actions: 'clearRisk' },
    },
  } as const
}
