/**
 * /dev/machines (dev builds only): every machine of core/, its chart laid out by ELK and drawn
 * locally as SVG (pan, zoom, fit), in two modes:
 * - Live: every actor the open page runs, children included (ui/dev/inspector.ts, fed by XState's
 *   inspection hook), by readable name, its state on the chart, and the log of events it took. It
 *   opens on the actor the reader touched last, at its current state, at a readable zoom.
 * - Simulate: click through the machine by hand from its sample input (ui/dev/simulate.ts):
 *   the events the current state accepts, the context, the path taken, back and reset.
 * No outside website. (@statelyai/inspect is not installed, so there is no `?inspect`.)
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { CSSProperties } from 'react'
import type { AnyActorRef, AnyStateMachine, AnyStateNode, EventObject } from 'xstate'
import { inspector as pageInspector, stateTextOf, type InspectedActor, type Inspector } from './inspector'
import { layoutMachine, type ChartLayout } from './chart-layout'
import { loadEntries, type Entry, type Loaded } from './machine-entries'
import { machineModules } from './machine-modules'
import { back, contextJson, currentSnapshot, enabledEvents, reset, startSimulation, stateText, step, type Simulation } from './simulate'
import { simFixtures } from './simulate-fixtures'
import { StateChart } from './state-chart'
import { errorMessage } from '../../core/api/api-error'

export interface MachinesPageProps {
  /** file path → lazy module; defaults to every core/**\/*.machine.ts */
  readonly modules?: Record<string, () => Promise<unknown>>
  /** whose actors to show; defaults to the page's (ui/dev/inspector.ts) */
  readonly inspector?: Inspector
}

type Mode = 'live' | 'simulate'

const s = {
  page: { display: 'flex', minHeight: '100vh', fontFamily: 'system-ui, sans-serif', color: '#0f172a' },
  side: { width: 240, flex: '0 0 240px', borderRight: '1px solid #e2e8f0', padding: 12, background: '#fff' },
  main: { flex: 1, minWidth: 0, padding: 16, background: '#f8fafc' },
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
  bar: { display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', margin: '8px 0 12px', fontSize: 13 },
  btn: (on: boolean): CSSProperties => ({
    border: '1px solid #cbd5e1',
    borderRadius: 6,
    padding: '4px 10px',
    cursor: 'pointer',
    background: on ? '#fef3c7' : '#fff',
    font: 'inherit',
  }),
  panels: { display: 'grid', gridTemplateColumns: 'minmax(260px, 1.2fr) minmax(220px, 1fr) minmax(220px, 1fr)', gap: 12, marginTop: 12 },
  panel: { background: '#fff', border: '1px solid #e2e8f0', borderRadius: 8, padding: 10, fontSize: 13, minWidth: 0 },
  h3: { fontSize: 13, margin: '0 0 8px', color: '#334155' },
  eventBtn: (enabled: boolean): CSSProperties => ({
    display: 'block',
    width: '100%',
    textAlign: 'left',
    marginBottom: 4,
    padding: '4px 8px',
    border: `1px solid ${enabled ? '#2563eb' : '#e2e8f0'}`,
    borderRadius: 6,
    background: enabled ? '#eff6ff' : '#f8fafc',
    color: enabled ? '#1e3a8a' : '#94a3b8',
    cursor: enabled ? 'pointer' : 'not-allowed',
    font: '12px ui-monospace, monospace',
  }),
  pre: { margin: 0, maxHeight: 320, overflow: 'auto', font: '12px ui-monospace, monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
  textarea: { width: '100%', boxSizing: 'border-box', font: '12px ui-monospace, monospace', minHeight: 54 },
  log: { margin: 0, paddingLeft: 0, listStyle: 'none', maxHeight: 220, overflow: 'auto', font: '12px ui-monospace, monospace', lineHeight: 1.6 },
  h2small: { fontSize: 12, margin: '16px 0 6px', color: '#475569', textTransform: 'uppercase', letterSpacing: 0.5 },
  state: { display: 'block', fontSize: 11, color: '#b45309', wordBreak: 'break-all' },
} satisfies Record<string, CSSProperties | ((x: boolean) => CSSProperties)>

const kindNote: Record<string, string> = {
  delay: 'timer',
  done: 'background work succeeds',
  error: 'background work fails',
  snapshot: 'update from background work',
  event: 'user or page',
}

function activeIdsOf(snapshot: unknown): string[] {
  return ((snapshot as { _nodes?: AnyStateNode[] })._nodes ?? []).map((n) => n.id)
}

function valueText(actor: AnyActorRef): string {
  return stateTextOf(actor.getSnapshot())
}

/** The state-machine actor the reader touched last: the receiver of the newest event (or its parent, for a promise). */
export function lastTouched(hub: Inspector): InspectedActor | undefined {
  const actors = hub.actors()
  const byName = new Map(actors.map((a) => [a.name, a]))
  const log = hub.log()
  for (let i = log.length - 1; i >= 0; i--) {
    let actor = byName.get(log[i]!.actor)
    while (actor && actor.machineId === undefined && actor.parent) actor = byName.get(actor.parent)
    if (actor?.machineId) return actor
  }
  return [...actors].reverse().find((a) => a.machineId !== undefined)
}

function EventLog({ hub, names }: { hub: Inspector; names: readonly string[] | undefined }) {
  const rows = hub
    .log()
    .filter((e) => !names || names.some((n) => e.actor === n || e.actor.startsWith(`${n} › `)))
    .slice(-60)
    .reverse()
  return (
    <section style={{ ...s.panel, marginTop: 12 }} aria-label="event log">
      <h3 style={s.h3}>Events{names ? ` of ${names.join(', ')}` : ''}, newest first</h3>
      {rows.length === 0 ? (
        <p style={{ margin: 0, color: '#64748b' }}>No event yet.</p>
      ) : (
        <ol style={s.log} data-testid="event-log">
          {rows.map((e) => (
            <li key={e.seq}>
              <span style={{ color: '#64748b' }}>{(e.at / 1000).toFixed(1)} s</span> <b>{e.type}</b> → {e.actor}
              {e.from ? <span style={{ color: '#64748b' }}> (from {e.from})</span> : null}
              {e.state ? <span>: {e.state}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

const layouts = new WeakMap<AnyStateMachine, Promise<ChartLayout>>()
function cachedLayout(machine: AnyStateMachine): Promise<ChartLayout> {
  let p = layouts.get(machine)
  if (!p) {
    p = layoutMachine(machine)
    layouts.set(machine, p)
  }
  return p
}

/** The chart of one machine, laid out once per machine (ELK takes a moment on a big one). */
function useChartLayout(machine: AnyStateMachine | undefined): { layout?: ChartLayout; error?: string } {
  const [state, setState] = useState<{ machine?: AnyStateMachine; layout?: ChartLayout; error?: string }>({})
  useEffect(() => {
    if (!machine) return undefined
    let alive = true
    cachedLayout(machine).then(
      (layout) => alive && setState({ machine, layout }),
      (error: unknown) => alive && setState({ machine, error: errorMessage(error) }),
    )
    return () => {
      alive = false
    }
  }, [machine])
  return state.machine === machine ? state : {}
}

function tryStart(machine: AnyStateMachine, input: unknown): { sim?: Simulation; error?: string } {
  try {
    return { sim: startSimulation(machine, input) }
  } catch (e) {
    return { error: errorMessage(e) }
  }
}

function inputText(input: unknown): string {
  return input === undefined ? '' : JSON.stringify(input, null, 1)
}

/** The input box's JSON over the fixture's input (functions in the fixture, e.g. keyOf, stay). */
function parseInput(text: string, fallback: unknown): unknown {
  if (!text.trim()) return undefined
  const parsed: unknown = JSON.parse(text)
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && fallback && typeof fallback === 'object') return { ...fallback, ...parsed }
  return parsed
}

function SimulatePanel({ sim, onChange, onRestart }: { sim: Simulation; onChange: (next: Simulation) => void; onRestart: (input: unknown) => void }) {
  const fixture = simFixtures[sim.machine.id]
  const snapshot = currentSnapshot(sim)
  const events = enabledEvents(snapshot, fixture?.variants)
  const [custom, setCustom] = useState('{ "type": "" }')
  const [input, setInput] = useState(() => inputText(fixture?.input))
  const [error, setError] = useState<string | undefined>(undefined)
  const failure = (snapshot as { error?: unknown }).error

  const take = (event: EventObject, label?: string) => {
    try {
      onChange(step(sim, event, label))
      setError(undefined)
    } catch (e) {
      setError(errorMessage(e))
    }
  }

  return (
    <div style={s.panels}>
      <section style={s.panel} aria-label="events">
        <h3 style={s.h3}>Events in {stateText(snapshot)}</h3>
        {events.length === 0 && <p>No event leads anywhere from here{snapshot.status === 'done' ? ': the flow has ended' : ''}.</p>}
        {events.map((e, i) => (
          <button
            key={`${e.event.type}#${i}`}
            type="button"
            style={s.eventBtn(e.enabled)}
            disabled={!e.enabled}
            title={e.enabled ? `${kindNote[e.kind]}: ${JSON.stringify(e.event)}` : e.reason}
            onClick={() => take(e.event, e.label)}
          >
            {e.label}
          </button>
        ))}
        <details style={{ marginTop: 8 }}>
          <summary>Send any event (JSON)</summary>
          <textarea aria-label="custom event" style={s.textarea} value={custom} onChange={(e) => setCustom(e.target.value)} />
          <button
            type="button"
            style={s.btn(false)}
            onClick={() => {
              try {
                const event = JSON.parse(custom) as EventObject
                if (typeof event?.type !== 'string' || !event.type) throw new Error('an event needs a "type"')
                take(event)
              } catch (e) {
                setError(errorMessage(e))
              }
            }}
          >
            send
          </button>
        </details>
        {(error || failure !== undefined) && (
          <p role="alert" style={s.error}>
            {error ?? `The machine stopped with an error: ${errorMessage(failure)}`}
          </p>
        )}
      </section>
      <section style={s.panel} aria-label="context">
        <h3 style={s.h3}>Context</h3>
        <pre style={s.pre} data-testid="sim-context">
          {contextJson(snapshot)}
        </pre>
        <details style={{ marginTop: 8 }}>
          <summary>Start input (JSON)</summary>
          <textarea aria-label="start input" style={s.textarea} value={input} onChange={(e) => setInput(e.target.value)} />
          <button
            type="button"
            style={s.btn(false)}
            onClick={() => {
              try {
                onRestart(parseInput(input, fixture?.input))
                setError(undefined)
              } catch (e) {
                setError(errorMessage(e))
              }
            }}
          >
            restart with this input
          </button>
        </details>
      </section>
      <section style={s.panel} aria-label="path">
        <h3 style={s.h3}>Path taken</h3>
        <ol style={{ margin: 0, paddingLeft: 22, font: '12px ui-monospace, monospace' }} data-testid="sim-path">
          <li>start: {stateText(sim.initial)}</li>
          {sim.steps.map((st, i) => (
            <li key={i}>
              {st.label} → {stateText(st.snapshot)}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

export function MachinesPage({ modules = machineModules, inspector: hub = pageInspector }: MachinesPageProps) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined)
  // it opens on the actor the reader touched last (the order dialog, when it is open)
  const [opening] = useState(() => lastTouched(hub))
  const [selectedKey, setSelectedKey] = useState<string | undefined>(undefined)
  const [focused, setFocused] = useState<AnyActorRef | undefined>(opening?.ref)
  const [mode, setMode] = useState<Mode>('live')
  const [sim, setSim] = useState<Simulation | undefined>(undefined)
  const [simError, setSimError] = useState<string | undefined>(undefined)
  useSyncExternalStore(hub.subscribe, hub.version, hub.version)

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
  const selected =
    entries.find((e) => keyOf(e) === selectedKey) ??
    (selectedKey === undefined ? entries.find((e) => e.machine.id === opening?.machineId) : undefined) ??
    entries[0]
  const chart = useChartLayout(selected?.machine)

  const start = (machine: AnyStateMachine, input: unknown) => {
    const started = tryStart(machine, input)
    setSim(started.sim)
    setSimError(started.error)
  }
  // a simulation belongs to the selected machine: a new machine (or none stepped yet) starts from its fixture's input
  const stepped = sim && selected && sim.machine === selected.machine ? sim : undefined
  const fresh = useMemo(
    () => (mode === 'simulate' && selected && !stepped && !simError ? tryStart(selected.machine, simFixtures[selected.machine.id]?.input) : undefined),
    [mode, selected, stepped, simError],
  )
  const simulation = stepped ?? fresh?.sim
  const startError = simError ?? fresh?.error

  const running = hub.actors()
  const liveFor = (machine: AnyStateMachine) => running.filter((a) => a.machineId === machine.id)
  const liveActors = selected ? liveFor(selected.machine) : []
  const live = liveActors.map((a) => a.ref)
  const shown = focused && live.includes(focused) ? [focused] : live
  const shownNames = liveActors.filter((a) => shown.includes(a.ref)).map((a) => a.name)

  const simSnapshot = simulation ? currentSnapshot(simulation) : undefined
  const activeIds = new Set(
    mode === 'simulate' ? (simSnapshot ? activeIdsOf(simSnapshot) : []) : shown.flatMap((a) => activeIdsOf(a.getSnapshot())),
  )
  const enabledEdgeIds = useMemo(() => {
    if (mode !== 'simulate' || !simSnapshot || !chart.layout) return undefined
    const enabled = enabledEvents(simSnapshot, simFixtures[simSnapshot.machine.id]?.variants).filter((e) => e.enabled)
    return new Set(
      chart.layout.edges
        .filter((edge) => enabled.some((e) => e.event.type === edge.eventType && e.sources.includes(edge.source)))
        .map((edge) => edge.id),
    )
  }, [mode, simSnapshot, chart.layout])

  const choose = (e: Entry) => {
    setSelectedKey(keyOf(e))
    setFocused(undefined)
    setSimError(undefined)
  }
  const chooseActor = (a: InspectedActor) => {
    const entry = entries.find((e) => e.machine.id === a.machineId)
    if (!entry) return
    setSelectedKey(keyOf(entry))
    setFocused(a.ref)
    setMode('live')
    setSimError(undefined)
  }

  return (
    <div style={s.page}>
      <div style={s.side}>
      <nav aria-label="running actors">
        <h1 style={s.h1}>On this page</h1>
        {running.length === 0 && <p style={{ fontSize: 12, color: '#64748b' }}>No actor is running.</p>}
        {running.map((a) => (
          <button
            key={a.ref.sessionId}
            type="button"
            style={{ ...s.item(a.ref === focused && selected?.machine.id === a.machineId), paddingLeft: 8 + 10 * (a.name.split(' › ').length - 1) }}
            disabled={a.machineId === undefined}
            title={a.machineId === undefined ? 'background work (not a state machine)' : `show ${a.machineId}`}
            onClick={() => chooseActor(a)}
          >
            {a.name.split(' › ').at(-1)}
            <span style={s.state}>{valueText(a.ref)}</span>
          </button>
        ))}
      </nav>
      <nav aria-label="machines">
        <h3 style={s.h2small}>All machines</h3>
        {!loaded && <p>Loading…</p>}
        {entries.map((e) => {
          const count = liveFor(e.machine).length
          return (
            <button
              key={keyOf(e)}
              type="button"
              style={s.item(e === selected)}
              aria-current={e === selected ? 'true' : undefined}
              title={e.alsoExportedAs?.length ? `also exported as ${e.alsoExportedAs.join(', ')}` : undefined}
              onClick={() => choose(e)}
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
      </div>
      <main style={s.main}>
        {selected && (
          <>
            <h2 style={{ fontSize: 18, margin: '0 0 4px' }}>{selected.machine.id}</h2>
            <div style={s.bar}>
              <span>Mode:</span>
              <button type="button" style={s.btn(mode === 'live')} aria-pressed={mode === 'live'} onClick={() => setMode('live')}>
                Live
              </button>
              <button type="button" style={s.btn(mode === 'simulate')} aria-pressed={mode === 'simulate'} onClick={() => setMode('simulate')}>
                Simulate
              </button>
              {mode === 'simulate' && simulation && (
                <>
                  <span style={{ marginLeft: 12 }}>
                    State: <b data-testid="sim-state">{stateText(currentSnapshot(simulation))}</b>
                  </span>
                  <button type="button" style={s.btn(false)} disabled={!simulation.steps.length} onClick={() => setSim(back(simulation))}>
                    ← step back
                  </button>
                  <button type="button" style={s.btn(false)} disabled={!simulation.steps.length} onClick={() => setSim(reset(simulation))}>
                    reset
                  </button>
                </>
              )}
              {mode === 'live' &&
                (live.length === 0 ? (
                  <span>No running actor of this machine on the open page.</span>
                ) : (
                  <>
                    <span style={{ marginLeft: 12 }}>Running:</span>
                    {liveActors.map(({ ref: actor, name }) => (
                      <button
                        key={actor.sessionId}
                        type="button"
                        style={s.btn(focused === actor)}
                        aria-pressed={focused === actor}
                        onClick={() => setFocused(focused === actor ? undefined : actor)}
                      >
                        {name}: {valueText(actor)}
                      </button>
                    ))}
                  </>
                ))}
            </div>
            {chart.layout ? (
              <StateChart
                layout={chart.layout}
                activeIds={activeIds}
                opensOn={mode === 'live' && shown.length > 0 ? 'current' : 'fit'}
                height={mode === 'simulate' ? '58vh' : '60vh'}
                {...(enabledEdgeIds ? { enabledEdgeIds } : {})}
              />
            ) : chart.error ? (
              <p style={s.error}>Layout failed: {chart.error}</p>
            ) : (
              <p>Laying out…</p>
            )}
            {mode === 'live' && <EventLog hub={hub} names={shownNames.length ? shownNames : undefined} />}
            {mode === 'simulate' && startError && (
              <p role="alert" style={s.error}>
                Cannot start {selected.machine.id}: {startError}. Give it an input in ui/dev/simulate-fixtures.ts.
              </p>
            )}
            {mode === 'simulate' && simulation && (
              <SimulatePanel
                key={selected.machine.id}
                sim={simulation}
                onChange={setSim}
                onRestart={(input) => start(selected.machine, input)}
              />
            )}
          </>
        )}
      </main>
    </div>
  )
}
