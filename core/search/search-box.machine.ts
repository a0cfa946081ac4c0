// The header search box (spec 000 §2 'Search results and popup', §4 'Search box').
// Two regions run side by side: the hot-word carousel that fills the placeholder, and the popup.
//
// Stale results: a search runs as an actor invoked by `searching`; typing leaves that state,
// which stops the actor, so an answer for an earlier keyword is never delivered (XState drops
// events of stopped actors). Results are stored with the keyword they answer.
import { assign, fromPromise, setup } from 'xstate'
import { toQuickResults, QUICK_RESULTS_PER_TYPE, type HotStock, type QuickResults, type SearchBoxAnswer } from './quick-results'
import { addToHistory } from './search-history'
import { buildResultsUrl } from './search-url'
import { hotWordAt, parseTrendingKeywords } from './trending-keywords'

/** spec 000 §9: search debounce 500 ms */
export const SEARCH_DEBOUNCE_MS = 500
/** spec 000 §9: hot-word carousel 5 s */
export const HOT_WORD_INTERVAL_MS = 5_000
/** Shown when the quick search fails (the spec names no text). */
export const SEARCH_FAILED_TEXT = '搜索失败，请稍后重试'

export interface SearchBoxContext {
  /** what is in the box */
  text: string
  /** the last quick results (with the keyword they answer) */
  results: QuickResults | null
  error: string | null
  /** null until loaded once */
  hotStocks: readonly HotStock[] | null
  /** newest first */
  history: readonly string[]
  /** config trendingSearchKeywords, parsed */
  hotWords: readonly string[]
  /** which hot word the placeholder shows */
  hotWordIndex: number
}

export type SearchBoxEvent =
  | { type: 'input.focus' }
  | { type: 'input.change'; value: string }
  /** a click outside the box and its popup */
  | { type: 'outside.click' }
  /** Enter or the search button */
  | { type: 'search.submit' }
  | { type: 'history.choose'; keyword: string }
  /** the config value trendingSearchKeywords arrived or changed */
  | { type: 'trending.set'; keywords: string }

export interface SearchBoxInput {
  /** read from storage by the caller (see readHistory) */
  history?: readonly string[]
  trendingSearchKeywords?: string
}

export interface SearchInput {
  keyword: string
  /** spec 000 §9: search quick results 3 per type */
  count: number
}

/** The keyword a submit searches for: the text, else the hot word on display (spec 000 §4). */
export function submittedKeyword(context: SearchBoxContext, event: SearchBoxEvent): string {
  if (event.type === 'history.choose') return event.keyword.trim()
  const text = context.text.trim()
  return text !== '' ? text : (hotWordAt(context.hotWords, context.hotWordIndex) ?? '')
}

/** The hot word the placeholder shows now. */
export function currentHotWord(context: SearchBoxContext): string | undefined {
  return hotWordAt(context.hotWords, context.hotWordIndex)
}

export const searchBoxMachine = setup({
  types: {} as { context: SearchBoxContext; events: SearchBoxEvent; input: SearchBoxInput },
  actors: {
    search: fromPromise<SearchBoxAnswer, SearchInput>(() => {
      throw new Error('provide search')
    }),
    loadHotStocks: fromPromise<readonly HotStock[], void>(() => {
      throw new Error('provide loadHotStocks')
    }),
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS, // spec 000 §4, §9: search after a 500 ms pause
    hotWordInterval: HOT_WORD_INTERVAL_MS, // spec 000 §9: hot-word carousel 5 s
  },
  guards: {
    isTextEmpty: ({ context }) => context.text.trim() === '',
    hasResultsForText: ({ context }) => context.results !== null && context.results.keyword === context.text.trim(),
    hotStocksLoaded: ({ context }) => context.hotStocks !== null,
    canRotate: ({ context }) => context.hotWords.length > 1,
    hasKeyword: ({ context, event }) => submittedKeyword(context, event) !== '',
  },
  actions: {
    setText: assign({ text: ({ event }) => (event.type === 'input.change' ? event.value : '') }),
    storeResults: assign(({ context }, params: { answer: SearchBoxAnswer }) => ({
      results: toQuickResults(context.text.trim(), params.answer),
      error: null,
    })),
    storeSearchError: assign({ error: () => SEARCH_FAILED_TEXT }),
    storeHotStocks: assign({ hotStocks: (_, params: { hotStocks: readonly HotStock[] }) => params.hotStocks }),
    /** hot stocks are a nicety: a failure shows the history alone */
    ignoreHotStocksError: () => undefined,
    setHotWords: assign({
      hotWords: ({ event }) => (event.type === 'trending.set' ? parseTrendingKeywords(event.keywords) : []),
      hotWordIndex: 0,
    }),
    nextHotWord: assign({
      hotWordIndex: ({ context }) => (context.hotWords.length ? (context.hotWordIndex + 1) % context.hotWords.length : 0),
    }),
    rememberKeyword: assign(({ context, event }) => {
      const keyword = submittedKeyword(context, event)
      return { text: keyword, history: addToHistory(context.history, keyword) }
    }),
    /** writes the history to the storage port (see writeHistory) */
    persistHistory: (_, _params: { history: readonly string[] }) => {
      throw new Error('provide persistHistory')
    },
    /** opens the results page */
    navigate: (_, _params: { url: string }) => {
      throw new Error('provide navigate')
    },
  },
}).createMachine({
  id: 'searchBox',
  description: 'The header search box: rotating hot words in the placeholder, and a popup with results while the reader types.',
  type: 'parallel',
  context: ({ input }) => {
    const hotWords = parseTrendingKeywords(input.trendingSearchKeywords)
    return {
      text: '',
      results: null,
      error: null,
      hotStocks: null,
      history: addToHistoryAll(input.history ?? []),
      hotWords,
      hotWordIndex: 0,
    }
  },
  states: {
    hotWord: {
      description: 'The placeholder shows one of the trending keywords at a time.',
      initial: 'still',
      on: { 'trending.set': { target: '.still', reenter: true, actions: 'setHotWords' } },
      states: {
        still: {
          description: 'No or one trending keyword: nothing to rotate.',
          always: { guard: 'canRotate', target: 'rotating', description: 'There are several trending keywords: they take turns.' },
        },
        rotating: {
          description: 'The next trending keyword shows every 5 s.',
          after: { hotWordInterval: { target: 'rotating', reenter: true, actions: 'nextHotWord' } },
        },
      },
    },
    popup: {
      description: 'The popup under the box; pressing Enter or choosing a past search goes to the results page.',
      initial: 'closed',
      on: {
        'search.submit': {
          guard: 'hasKeyword',
          description: 'The box has a keyword: it is remembered in the history and the results page opens.',
          target: '.closed',
          actions: [
            'rememberKeyword',
            { type: 'persistHistory', params: ({ context }) => ({ history: context.history }) },
            { type: 'navigate', params: ({ context }) => ({ url: buildResultsUrl(context.text) }) },
          ],
        },
        'history.choose': {
          guard: 'hasKeyword',
          description: 'A past search was chosen: it moves to the top of the history and its results page opens.',
          target: '.closed',
          actions: [
            'rememberKeyword',
            { type: 'persistHistory', params: ({ context }) => ({ history: context.history }) },
            { type: 'navigate', params: ({ context }) => ({ url: buildResultsUrl(context.text) }) },
          ],
        },
      },
      states: {
        closed: {
          description: 'Only the box shows.',
          on: {
            'input.focus': 'open',
            'input.change': { target: 'open', actions: 'setText' },
          },
        },
        open: {
          description: 'The popup under the box is open.',
          initial: 'routing',
          on: {
            'outside.click': 'closed',
            'input.change': { target: '.routing', actions: 'setText' },
          },
          states: {
            routing: {
              description: 'Decides what the popup shows for the text.',
              always: [
                { guard: 'isTextEmpty', target: 'suggestions', description: 'The box is empty: hot stocks and the history show.' },
                { guard: 'hasResultsForText', target: 'results', description: 'The results for this very text are already here: they show at once.' },
                { target: 'debouncing' },
              ],
            },
            suggestions: {
              description: 'Empty box: hot stocks and the search history.',
              initial: 'checking',
              states: {
                checking: {
                  description: 'Are the hot stocks already here?',
                  always: [{ guard: 'hotStocksLoaded', target: 'shown', description: 'The hot stocks were loaded before: they show at once.' }, { target: 'loading' }],
                },
                loading: {
                  description: 'Loading the hot stocks (the history shows meanwhile).',
                  invoke: {
                    id: 'loadHotStocks',
                    src: 'loadHotStocks',
                    onDone: { target: 'shown', actions: { type: 'storeHotStocks', params: ({ event }) => ({ hotStocks: event.output }) } },
                    onError: { target: 'shown', actions: 'ignoreHotStocksError' },
                  },
                },
                shown: { description: 'Hot stocks (when loaded) and history are shown.' },
              },
            },
            debouncing: {
              description: 'Waiting for a 500 ms pause in typing.',
              after: { searchDebounce: 'searching' },
            },
            searching: {
              description: 'Quick search for the text.',
              invoke: {
                id: 'search',
                src: 'search',
                input: ({ context }) => ({ keyword: context.text.trim(), count: QUICK_RESULTS_PER_TYPE }),
                onDone: { target: 'results', actions: { type: 'storeResults', params: ({ event }) => ({ answer: event.output }) } },
                onError: { target: 'failed', actions: 'storeSearchError' },
              },
            },
            results: { description: 'Grouped quick results with a link to all results.' },
            failed: { description: 'The quick search failed; a message shows.' },
          },
        },
      },
    },
  },
})

/** Normalises a stored history given as input (trim, dedupe, cap). */
function addToHistoryAll(history: readonly string[]): string[] {
  return history.reduceRight<string[]>((acc, term) => addToHistory(acc, term), [])
}
