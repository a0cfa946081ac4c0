// The header's language toggle: spec 000 §2 — debounced 300 ms, switches zh-cn ↔ zh-hk, stores the
// choice in a cookie and reloads the page. Clicking twice within the debounce cancels the switch.
import { assign, setup } from 'xstate'
import { LANG_TOGGLE_DEBOUNCE_MS, otherLang, type Lang } from './lang'

export const langToggleMachine = setup({
  types: {} as {
    context: { current: Lang; target: Lang }
    events: { type: 'lang.toggle' }
    input: { current: Lang }
  },
  delays: { debounce: LANG_TOGGLE_DEBOUNCE_MS }, // spec 000 §9: language toggle debounce 300 ms
  guards: { changesScript: ({ context }) => context.target !== context.current },
  actions: {
    flipTarget: assign(({ context }) => ({ target: otherLang(context.target) })),
    // provided by the view: write the cookie (365 days) and reload the page
    persistAndReload: (_: unknown, _params: { lang: Lang }) => {
      throw new Error('provide persistAndReload')
    },
  },
}).createMachine({
  id: 'langToggle',
  description:
    'The header language switch between simplified and traditional Chinese: a short wait so a double click cancels, then the page reloads in the other language.',
  context: ({ input }) => ({ current: input.current, target: input.current }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Showing the current script; a click starts the debounce.',
      on: { 'lang.toggle': { target: 'debouncing', actions: 'flipTarget' } },
    },
    debouncing: {
      description: 'Waiting 300 ms for more clicks; each click flips the wanted script and restarts the wait.',
      on: { 'lang.toggle': { target: 'debouncing', reenter: true, actions: 'flipTarget' } },
      after: {
        debounce: [
          { guard: 'changesScript', target: 'switching', description: 'The reader asked for the other language: the page switches to it.' },
          { target: 'idle' },
        ],
      },
    },
    switching: {
      description: 'Cookie written and page reloading in the new script.',
      type: 'final',
      entry: { type: 'persistAndReload', params: ({ context }) => ({ lang: context.target }) },
    },
  },
})
