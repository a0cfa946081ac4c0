/**
 * /dev/machines (dev builds only): every machine of core/, its chart drawn locally as SVG,
 * and the live state of the actors the open page registered (ui/dev/actor-registry.ts).
 * No outside website. (@statelyai/inspect is not installed, so there is no `?inspect`.)
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { CSSProperties } from 'react'
import type { AnyActorRef, AnyStateMachine, AnyStateNode } from 'xstate'
import { getRegisteredActors, getRegistryVersion, machineIdOf, subscribeToRegistry } from './actor-registry'
import { layoutMachine } from './chart-layout'
import { loadEntries, type Entry, type Loaded } from './machine-entries'
import { machineModules } from './machine-modules'
import { StateChart } from './state-chart'

export interface MachinesPageProps {
  /** file path → lazy module; defaults to every core/**\/*.machine.ts */
  readonly modules?: Record<string, () => Promise<unknown>>
}

const s = {
  page: { display: 'flex', minHeight: '100vh', fontFamily: 'system-ui, sans-serif', color: '#0f172a' },
  side: { width: 260, flex: '0 0 260px', borderRight: '1px solid #e2e8f0', padding: 12, background: '#fff' },
  main: { flex: 1, padding: 16, overflow: 'auto', background: '#f8fafc' },
  h1: { fontSize: 16, margin: '0 0 12px' },
  item: (selected: boolean): CSSProperties => ({
    display: 'block',
    width: '100%',
    textAlign: 'left',
    padding: '6px 8px',
    marginBottom: 2,
    border: 0,
    borderRadius: 6,
    cursor: 'pointer',
    background: selected ? '#e0e7ff' : 'transparent',
    font: 'inherit',
  }),
  file: { display: 'block', fontSize: 11, color: '#64748b' },
  live: { marginLeft: 6, fontSize: 11, color: '#b45309' },
  error: { color: '#b91c1c', fontSize: 12, marginTop: 8 },
  actors: { margin: '12px 0', fontSize: 13 },
  actorBtn: (focused: boolean): CSSProperties => ({
    border: '1px solid #cbd5e1',
    borderRadius: 6,
    padding: '4px 8px',
    marginRight: 6,
    marginBottom: 6,
    cursor: 'pointer',
    background: focused ? '#fef3c7' : '#fff',
    font: 'inherit',
  }),
} satisfies Record<string, CSSProperties | ((x: boolean) => CSSProperties)>

function activeIdsOf(actor: AnyActorRef): string[] {
  const snapshot = actor.getSnapshot() as { _nodes?: AnyStateNode[] }
  return (snapshot._nodes ?? []).map((n) => n.id)
}

function valueText(actor: AnyActorRef): string {
  const snapshot = actor.getSnapshot() as { value?: unknown; status?: string }
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value)
  return snapshot.status && snapshot.status !== 'active' ? `${value} (${snapshot.status})` : value
}

export function MachinesPage({ modules = machineModules }: MachinesPageProps) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined)
  const [selectedKey, setSelectedKey] = useState<string | undefined>(undefined)
  const [focused, setFocused] = useState<AnyActorRef | undefined>(undefined)
  useSyncExternalStore(subscribeToRegistry, getRegistryVersion, getRegistryVersion)

  useEffect(() => {
    let alive = true
    void loadEntries(modules).then((result) => {
      if (alive) setLoaded(result)
    })
    return () => {
      alive = false
    }
  }, [modules])

  const entries = loaded?.entries ?? []
  const keyOf = (e: Entry) => `${e.file}#${e.exportName}`
  const selected = entries.find((e) => keyOf(e) === selectedKey) ?? entries[0]
  const layout = useMemo(() => (selected ? layoutMachine(selected.machine) : undefined), [selected])

  const registered = getRegisteredActors()
  const liveFor = (machine: AnyStateMachine) => registered.filter((a) => machineIdOf(a) === machine.id)
  const live = selected ? liveFor(selected.machine) : []
  const shown = focused && live.includes(focused) ? [focused] : live
  const activeIds = new Set(shown.flatMap(activeIdsOf))

  return (
    <div style={s.page}>
      <nav style={s.side} aria-label="machines">
        <h1 style={s.h1}>State machines</h1>
        {!loaded && <p>Loading…</p>}
        {entries.map((e) => {
          const count = liveFor(e.machine).length
          return (
            <button
              key={keyOf(e)}
              type="button"
              style={s.item(e === selected)}
              aria-current={e === selected ? 'true' : undefined}
              onClick={() => {
                setSelectedKey(keyOf(e))
                setFocused(undefined)
              }}
            >
              {e.machine.id}
              {count > 0 && <span style={s.live} aria-label={`${count} running`}>● {count}</span>}
              <span style={s.file}>{e.file.replace(/^\//, '')}</span>
            </button>
          )
        })}
        {loaded?.failures.map((f) => (
          <p key={f.file} style={s.error}>
            {f.file}: {f.message}
          </p>
        ))}
        {loaded && entries.length === 0 && <p>No machines found in core/**/*.machine.ts.</p>}
      </nav>
      <main style={s.main}>
        {selected && layout && (
          <>
            <h2 style={{ fontSize: 18, margin: '0 0 4px' }}>{selected.machine.id}</h2>
            <div style={s.actors}>
              {live.length === 0 ? (
                <span>No running actor of this machine on the open page.</span>
              ) : (
                <>
                  <span style={{ marginRight: 8 }}>Running:</span>
                  {live.map((actor) => (
                    <button
                      key={actor.sessionId}
                      type="button"
                      style={s.actorBtn(focused === actor)}
                      aria-pressed={focused === actor}
                      onClick={() => setFocused(focused === actor ? undefined : actor)}
                    >
                      {actor.id}: {valueText(actor)}
                    </button>
                  ))}
                </>
              )}
            </div>
            <StateChart layout={layout} activeIds={activeIds} />
          </>
        )}
      </main>
    </div>
  )
}
