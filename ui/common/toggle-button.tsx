// The one on/off button for everything that needs login and can fail (follow a user or a subject,
// watch a stock…): it renders core/toggle/toggle.machine.ts. The feature gives the saved state
// (`on`), the save call from its API module and its labels; the button asks for login through the
// session, shows the new state at once, rolls back with the server's message on failure, and keeps
// the session's follow sets in step.
import { useEffect } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { fromPromise } from 'xstate'
import { toggleMachine, type SaveOutput } from '../../core/toggle/toggle.machine'
import type { FollowSet } from '../../core/session/session.machine'
import { requireLoginOn, useSessionActor } from './session'

type Member = { set: Exclude<FollowSet, 'stocks'>; id: number } | { set: 'stocks'; id: string }

export interface ToggleButtonProps {
  /** the state the server holds, as last read */
  on: boolean
  save: (on: boolean) => Promise<SaveOutput>
  label: (on: boolean) => string
  className: (on: boolean) => string
  /** the session follow set this button changes, kept in step on success */
  member?: Member
  errorClassName?: string
  testId?: string
}

export function ToggleButton({ on, save, label, className, member, errorClassName, testId }: ToggleButtonProps) {
  const session = useSessionActor()
  // the machine's save and report are this render's props: @xstate/react hands an actor the newest
  // implementations of the same machine after each render (so no ref is read during render)
  const machine = toggleMachine.provide({
    actors: {
      requireLogin: fromPromise(() => requireLoginOn(session)),
      save: fromPromise(({ input }) => save(input.on)),
    },
    actions: {
      reportSaved: (_, params) => {
        if (member) session.send({ type: 'follow.change', ...member, on: params.on } as never)
      },
    },
  })
  const actor = useActorRef(machine, { input: { on }, inspect })
  useEffect(() => actor.send({ type: 'toggle.sync', on }), [actor, on])
  const shown = useSelector(actor, (s) => s.context.on)
  const busy = useSelector(actor, (s) => s.matches('saving') || s.matches('needsLogin'))
  const error = useSelector(actor, (s) => s.context.error)
  return (
    <>
      <button type="button" className={className(shown)} aria-pressed={shown} disabled={busy} onClick={() => actor.send({ type: 'toggle.click' })} data-testid={testId}>
        {label(shown)}
      </button>
      {error ? (
        <p className={errorClassName} role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
