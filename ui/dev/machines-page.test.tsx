// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, setup } from 'xstate'
import { createInspector, type Inspector } from './inspector'
import { machineModules } from './machine-modules'
import { dedupeEntries, loadEntries } from './machine-entries'
import { MachinesPage } from './machines-page'

const toggleMachine = setup({
  types: {} as { events: { type: 'flip' } | { type: 'open' } },
}).createMachine({
  id: 'toggle',
  initial: 'off',
  states: {
    off: { on: { flip: 'on' } },
    on: {
      on: { flip: 'off' },
      initial: 'closed',
      states: { closed: { on: { open: 'opened' } }, opened: {} },
    },
  },
})
const otherMachine = setup({}).createMachine({ id: 'other', initial: 'a', states: { a: {} } })

const modules = {
  '/core/sample/toggle.machine.ts': async () => ({ toggleMachine, notAMachine: 42 }),
  '/core/sample/other.machine.ts': async () => ({ otherMachine }),
  '/core/sample/broken.machine.ts': async () => {
    throw new Error('SyntaxError: half-written')
  },
}

const started: Array<ReturnType<typeof createActor>> = []
let hub: Inspector = createInspector(() => true)
afterEach(() => {
  for (const a of started.splice(0)) a.stop()
  hub = createInspector(() => true)
  cleanup()
})

/** Starts an actor the way the app does: with the inspector's hook. */
function run(machine: typeof toggleMachine | typeof otherMachine, id?: string) {
  const actor = createActor(machine, { ...(id ? { id } : {}), inspect: hub.inspect })
  started.push(actor)
  return actor
}

const activeStates = () =>
  screen
    .getAllByTestId(/^state:/)
    .filter((el) => el.getAttribute('data-active') === 'true')
    .map((el) => el.getAttribute('data-testid'))

/** ELK lays the chart out asynchronously (a moment on a loaded machine): wait for a state box. */
const chartOf = (path: string) => screen.findByTestId(`state:${path}`, {}, { timeout: 30_000 })

describe('MachinesPage', () => {
  it('lists every machine export, reports broken files, and draws the selected chart', async () => {
    render(<MachinesPage modules={modules} inspector={hub} />)
    const nav = await screen.findByRole('navigation', { name: 'machines' })
    expect(await within(nav).findByRole('button', { name: /toggle/ })).toBeTruthy()
    expect(within(nav).getByRole('button', { name: /other/ })).toBeTruthy()
    expect(within(nav).getAllByRole('button')).toHaveLength(2)
    expect(screen.getByText(/broken\.machine\.ts: SyntaxError: half-written/)).toBeTruthy()

    // files sorted: other.machine.ts comes first and is shown
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('other')
    fireEvent.click(within(nav).getByRole('button', { name: /toggle/ }))
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('toggle')
    await chartOf('off')
    for (const path of ['(root)', 'off', 'on', 'on.closed', 'on.opened']) expect(screen.getByTestId(`state:${path}`)).toBeTruthy()
    expect(screen.getByTestId('edge:open')).toBeTruthy()
    expect(screen.getAllByTestId('edge:flip')).toHaveLength(2)
    expect(activeStates()).toEqual([])
    expect(screen.getByText('No running actor of this machine on the open page.')).toBeTruthy()
  })

  it('highlights the live state of an inspected actor, follows its transitions and logs its events', async () => {
    render(<MachinesPage modules={modules} inspector={hub} />)
    fireEvent.click(await screen.findByRole('button', { name: /toggle/ }))
    await chartOf('off')
    const actor = run(toggleMachine)
    act(() => {
      actor.start()
    })
    expect(activeStates()).toEqual(['state:off'])
    const machines = screen.getByRole('navigation', { name: 'machines' })
    expect(within(machines).getByRole('button', { name: /1 running/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'toggle: off' })).toBeTruthy()

    act(() => actor.send({ type: 'flip' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])
    act(() => actor.send({ type: 'open' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.opened'])
    expect(screen.getByRole('button', { name: 'toggle: on.opened' })).toBeTruthy()
    // the page's actors by name, with their state
    const running = screen.getByRole('navigation', { name: 'running actors' })
    expect(within(running).getByRole('button').textContent).toBe('toggleon.opened')
    // the event log, newest first, with the state each event led to
    expect([...screen.getByTestId('event-log').querySelectorAll('li')].map((li) => li.textContent?.replace(/^[\d.]+ s /, ''))).toEqual([
      'open → toggle: on.opened',
      'flip → toggle: on.closed',
    ])

    // a stopped actor drops out
    act(() => actor.stop())
    expect(activeStates()).toEqual([])
  })

  it('opens on the actor the reader touched last, at its current state', async () => {
    const other = run(otherMachine).start()
    const actor = run(toggleMachine).start()
    actor.send({ type: 'flip' })
    void other
    render(<MachinesPage modules={modules} inspector={hub} />)
    await chartOf('off')
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('toggle')
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])
    expect(screen.getByRole('button', { name: 'toggle: on.closed' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('matches actors of a provided machine by id, and can focus one of several', async () => {
    render(<MachinesPage modules={modules} inspector={hub} />)
    fireEvent.click(await screen.findByRole('button', { name: /toggle/ }))
    await chartOf('off')
    const a = createActor(toggleMachine.provide({}), { id: 'first', inspect: hub.inspect })
    const b = run(toggleMachine, 'second')
    const other = run(otherMachine)
    started.push(a)
    act(() => {
      a.start()
      b.start()
      other.start()
      b.send({ type: 'flip' })
    })
    expect(activeStates()).toEqual(['state:off', 'state:on', 'state:on.closed'])
    fireEvent.click(screen.getByRole('button', { name: 'toggle (second): on.closed' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])
  })

  it('simulate mode: clicking an enabled event moves the highlighted state; back and reset undo it', async () => {
    render(<MachinesPage modules={modules} inspector={hub} />)
    fireEvent.click(await screen.findByRole('button', { name: /toggle/ }))
    await chartOf('off')
    // a live actor elsewhere must not light up the simulated chart
    const actor = run(toggleMachine, 'live')
    act(() => {
      actor.start()
      actor.send({ type: 'flip' })
    })
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])

    fireEvent.click(screen.getByRole('button', { name: 'Simulate' }))
    expect(activeStates()).toEqual(['state:off'])
    const events = screen.getByRole('region', { name: 'events' })
    expect(within(events).getAllByRole('button').filter((b) => !b.closest('details')).map((b) => b.textContent)).toEqual(['flip'])
    expect(screen.getAllByTestId('edge:flip').map((e) => e.getAttribute('data-enabled'))).toEqual(['true', 'false'])

    fireEvent.click(within(events).getByRole('button', { name: 'flip' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])
    expect(screen.getByTestId('sim-state').textContent).toBe('on.closed')
    fireEvent.click(within(events).getByRole('button', { name: 'open' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.opened'])
    expect([...screen.getByTestId('sim-path').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'start: off',
      'flip → on.closed',
      'open → on.opened',
    ])
    // the live actor was not touched by the simulation
    expect(actor.getSnapshot().value).toEqual({ on: 'closed' })

    fireEvent.click(screen.getByRole('button', { name: '← step back' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])
    fireEvent.click(screen.getByRole('button', { name: 'reset' }))
    expect(activeStates()).toEqual(['state:off'])
    expect(screen.getByTestId('sim-path').querySelectorAll('li')).toHaveLength(1)

    // a custom event with a payload
    fireEvent.click(screen.getByText('Send any event (JSON)'))
    fireEvent.change(screen.getByRole('textbox', { name: 'custom event' }), { target: { value: '{"type":"flip"}' } })
    fireEvent.click(screen.getByRole('button', { name: 'send' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])
    expect(screen.getByTestId('sim-context').textContent).toBe('{}')

    // back to live: the live actor's state again
    fireEvent.click(screen.getByRole('button', { name: 'Live' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])
  }, 60_000)

  it('lists a machine once when another file exports a provided variant of it (attestation and attestationInDialog)', async () => {
    const variant = toggleMachine.provide({})
    const loaded = await loadEntries({
      '/core/a/other.machine.ts': async () => ({ otherMachine }),
      '/core/order/uses-toggle.machine.ts': async () => ({ toggleInDialog: variant, otherMachine }),
      '/core/sample/toggle.machine.ts': async () => ({ toggleMachine }),
    })
    expect(loaded.entries.map((e) => `${e.machine.id} ${e.file}#${e.exportName}`)).toEqual([
      'other /core/a/other.machine.ts#otherMachine',
      'toggle /core/sample/toggle.machine.ts#toggleMachine',
    ])
    expect(loaded.entries[1]!.alsoExportedAs).toEqual(['/core/order/uses-toggle.machine.ts#toggleInDialog'])
    // without a `<id>Machine` export the first file wins
    expect(dedupeEntries([
      { file: '/b.machine.ts', exportName: 'y', machine: variant },
      { file: '/a.machine.ts', exportName: 'x', machine: toggleMachine },
    ]).map((e) => e.file)).toEqual(['/b.machine.ts'])
  })

  it('lists each real machine of core/ once', async () => {
    const loaded = await loadEntries(machineModules)
    expect(loaded.failures).toEqual([])
    const ids = loaded.entries.map((e) => e.machine.id)
    expect(ids.filter((id) => id === 'attestation')).toHaveLength(1)
    expect(new Set(ids).size).toBe(ids.length)
    expect(loaded.entries.find((e) => e.machine.id === 'attestation')!.file).toBe('/core/attestation/attestation.machine.ts')
  })

  it('finds the real machines through import.meta.glob', () => {
    const files = Object.keys(machineModules)
    expect(files.length).toBeGreaterThan(0)
    for (const f of files) expect(f).toMatch(/^\/core\/.+\.machine\.ts$/)
  })
})
