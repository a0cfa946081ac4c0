import { useEffect } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { fromPromise } from 'xstate'
import { detailMachine } from '../../core/content/detail.machine'

/**
 * Binds a view to a detail actor; a new id sends `detail.open`. With `initial` (the record the
 * server inlined into the HTML) the actor starts loaded, on the server and in the browser alike.
 */
export function useDetail<T>(id: number, load: (id: number) => Promise<T>, initial?: T | null) {
  const machine = detailMachine.provide({ actors: { loadDetail: fromPromise<unknown, { id: number }>(({ input }) => load(input.id)) } })
  const actor = useActorRef(
    machine,
    { ...(initial ? { input: { id }, snapshot: machine.resolveState({ value: 'loaded', context: { id, data: initial, error: null } }) } : { input: { id } }), inspect },
  )
  useEffect(() => {
    if (actor.getSnapshot().context.id !== id) actor.send({ type: 'detail.open', id })
  }, [actor, id])
  const state = useSelector(actor, (s) => (s.matches('loaded') ? 'loaded' : s.matches('notFound') ? 'notFound' : s.matches('failed') ? 'failed' : 'loading'))
  const data = useSelector(actor, (s) => s.context.data) as T | null
  const error = useSelector(actor, (s) => s.context.error)
  return { actor, state, data, error }
}
