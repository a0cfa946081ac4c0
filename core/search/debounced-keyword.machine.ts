// A keyword typed into a search box, settled after the reader pauses (spec 001 §5, §9: search text is
// debounced 500 ms): /chiefCircle/search and the post box's stock and portfolio pickers read `keyword`
// (what to search for) while `text` follows every key. A submit (Enter) settles it at once.
import { assign, setup } from 'xstate'

/** spec 001 §9: search debounce 500 ms */
export const KEYWORD_DEBOUNCE_MS = 500

export interface DebouncedKeywordContext {
  /** what is in the box */
  readonly text: string
  /** the settled keyword (trimmed): what is searched for; '' searches nothing */
  readonly keyword: string
}

export type DebouncedKeywordEvent = { type: 'text.change'; value: string } | { type: 'text.submit' } | { type: 'text.clear' }

export const debouncedKeywordMachine = setup({
  types: {} as { context: DebouncedKeywordContext; events: DebouncedKeywordEvent; input: { keyword?: string } | undefined },
  delays: { debounce: KEYWORD_DEBOUNCE_MS },
  actions: {
    setText: assign((_, params: { value: string }) => ({ text: params.value })),
    settle: assign(({ context }) => ({ keyword: context.text.trim() })),
    clear: assign({ text: '', keyword: '' }),
  },
}).createMachine({
  id: 'debouncedKeyword',
  description: 'A search box that searches once the reader stops typing for half a second, or at once on Enter.',
  context: ({ input }) => ({ text: input?.keyword ?? '', keyword: (input?.keyword ?? '').trim() }),
  initial: 'settled',
  on: {
    'text.clear': { target: '.settled', actions: 'clear' },
  },
  states: {
    settled: {
      description: 'The keyword searched for is what the box holds.',
      on: { 'text.change': { target: 'typing', actions: { type: 'setText', params: ({ event }) => ({ value: event.value }) } } },
    },
    typing: {
      description: 'The reader is typing: the search waits until half a second passes without a key.',
      after: { debounce: { target: 'settled', actions: 'settle' } },
      on: {
        'text.change': { target: 'typing', reenter: true, actions: { type: 'setText', params: ({ event }) => ({ value: event.value }) } },
        'text.submit': { target: 'settled', actions: 'settle' },
      },
    },
  },
})
