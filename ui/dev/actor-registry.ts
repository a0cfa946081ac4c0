/**
 * Dev-only registry of running actors, read by the /dev/machines page to highlight the live
 * state of the machines on the open page. Views register their actor in dev builds:
 *
 *   useRegisteredActor(actorRef)                      // in a component, no-op in production
 *   // or: useEffect(() => registerActor(actorRef), [actorRef])  (inside `if (import.meta.env.DEV)`)
 *
 * Kept in a module-level Set; listeners are notified on (un)registration and on every
 * snapshot of a registered actor. A stopped actor drops out by itself.
 */
import { useEffect } from 'react'
import type { AnyActorRef, Subscription } from 'xstate'

const actors = new Map<AnyActorRef, Subscription>()
const listeners = new Set<() => void>()
let version = 0

function notify(): void {
  version++
  for (const l of [...listeners]) l()
}

/** Adds the actor (once); returns a function that removes it again. */
export function registerActor(actorRef: AnyActorRef): () => void {
  if (!actors.has(actorRef)) {
    const subscription = actorRef.subscribe({
      next: () => notify(),
      error: () => notify(),
      complete: () => {
        // 'done' actors stay (their final state is worth seeing); stopped ones leave
        if ((actorRef.getSnapshot() as { status?: string }).status === 'stopped') unregisterActor(actorRef)
        else notify()
      },
    })
    actors.set(actorRef, subscription)
    notify()
  }
  return () => unregisterActor(actorRef)
}

export function unregisterActor(actorRef: AnyActorRef): void {
  const subscription = actors.get(actorRef)
  if (!subscription) return
  actors.delete(actorRef)
  subscription.unsubscribe()
  notify()
}

export function getRegisteredActors(): AnyActorRef[] {
  return [...actors.keys()]
}

/** For useSyncExternalStore: changes whenever the set or a registered actor's snapshot changes. */
export function getRegistryVersion(): number {
  return version
}

export function subscribeToRegistry(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The machine id an actor runs, or undefined when it is not a state-machine actor. */
export function machineIdOf(actorRef: AnyActorRef): string | undefined {
  const logic = (actorRef as { logic?: { id?: unknown; root?: unknown } }).logic
  return logic && logic.root && typeof logic.id === 'string' ? logic.id : undefined
}

/** Registers the actor while the component is mounted — in dev builds only. */
export function useRegisteredActor(actorRef: AnyActorRef | undefined): void {
  useEffect(() => {
    if (!import.meta.env.DEV || !actorRef) return undefined
    return registerActor(actorRef)
  }, [actorRef])
}
