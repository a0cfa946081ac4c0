// Renaming a portfolio (issue 15; spec 001 §7 'Portfolios'): the owner opens the form on /portfolio/{id},
// the name rules of core/portfolio/rules.ts show as they type; on submit the server checks the name
// (POST /api/portfolio/detect/chars/v1: length and forbidden words through the moderation port) and only a
// name that passes is saved (PUT /api/portfolio/{code}/v1). A refusal shows its message in the form.
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage } from '../api/api-error'
import { checkName } from './rules'

/** The answer of detect chars. */
export interface NameCheck {
  readonly pass: boolean
  readonly message: string
}

export interface RenameContext {
  readonly portfolioCode: string
  /** the name as saved */
  readonly name: string
  /** the name in the box */
  readonly draft: string
  /** the rule the draft breaks (ours live, or the server's detect chars answer); null when it may be sent */
  readonly problem: string | null
  /** the message of a failed call */
  readonly error: string | null
  /** how many renames were saved (the view reloads the head on a change) */
  readonly renamed: number
}

export type RenameEvent =
  | { type: 'rename.open' }
  | { type: 'rename.cancel' }
  | { type: 'name.change'; name: string }
  | { type: 'rename.submit' }

type CallInput = { portfolioCode: string; name: string }
const callInput = ({ context }: { context: RenameContext }): CallInput => ({ portfolioCode: context.portfolioCode, name: context.draft.trim() })

export const renameMachine = setup({
  types: {} as { context: RenameContext; events: RenameEvent; input: { portfolioCode: string; name: string } },
  actors: {
    detectChars: fromPromise<NameCheck, CallInput>(() => {
      throw new Error('provide detectChars')
    }),
    rename: fromPromise<boolean, CallInput>(() => {
      throw new Error('provide rename')
    }),
  },
  guards: {
    // a name that breaks a rule, or is the same name, is never sent
    canSubmit: ({ context }) => context.problem === null && context.draft.trim() !== context.name,
    passed: (_, params: { check: NameCheck }) => params.check.pass,
  },
  actions: {
    startDraft: assign(({ context }) => ({ draft: context.name, problem: null, error: null })),
    setDraft: assign(({ event }) => (event.type === 'name.change' ? { draft: event.name, problem: checkName(event.name), error: null } : {})),
    takeRefusal: assign({ problem: (_, params: { check: NameCheck }) => params.check.message }),
    takeSaved: assign(({ context }) => ({ name: context.draft.trim(), renamed: context.renamed + 1, error: null })),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
  },
}).createMachine({
  id: 'portfolioRename',
  description: 'Renaming a portfolio: type the new name, the text check passes it, and it is saved; a refused name or a failure says why.',
  context: ({ input }) => ({ portfolioCode: input.portfolioCode, name: input.name, draft: input.name, problem: null, error: null, renamed: 0 }),
  initial: 'closed',
  states: {
    closed: { description: 'The portfolio name with its 修改 button.', on: { 'rename.open': { target: 'editing', actions: 'startDraft' } } },
    editing: {
      description: 'The name field is open; a problem with the name (too long, empty, refused) shows under it.',
      on: {
        'name.change': { actions: 'setDraft' },
        'rename.submit': { guard: 'canSubmit', target: 'detecting', description: 'The new name is not empty, within its length and differs from the old one: it is checked.' },
        'rename.cancel': 'closed',
      },
    },
    detecting: {
      description: 'The text check looks at the new name for words that are not allowed.',
      invoke: {
        id: 'detectChars',
        src: 'detectChars',
        input: callInput,
        onDone: [
          {
            guard: { type: 'passed', params: ({ event }) => ({ check: event.output }) },
            target: 'saving',
            description: 'The text check passed the name: it is saved.',
          },
          { target: 'editing', actions: { type: 'takeRefusal', params: ({ event }) => ({ check: event.output }) } },
        ],
        onError: { target: 'editing', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      description: 'Saving the new name.',
      invoke: {
        id: 'rename',
        src: 'rename',
        input: callInput,
        onDone: { target: 'closed', actions: 'takeSaved' },
        onError: { target: 'editing', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})
