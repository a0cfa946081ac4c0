// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, setup } from 'xstate'
import { registerActor, unregisterActor } from './actor-registry'
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
afterEach(() => {
  for (const a of started.splice(0)) {
    unregisterActor(a)
    a.stop()
  }
  cleanup()
})

const activeStates = () =>
  screen
    .getAllByTestId(/^state:/)
    .filter((el) => el.getAttribute('data-active') === 'true')
    .map((el) => el.getAttribute('data-testid'))

/** ELK lays the chart out asynchronously (a moment on a loaded machine): wait for a state box. */
const chartOf = (path: string) => screen.findByTestId(`state:${path}`, {}, { timeout: 30_000 })

describe('MachinesPage', () => {
  it('lists every machine export, reports broken files, and draws the selected chart', async () => {
    render(<MachinesPage modules={modules} />)
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

  it('highlights the live state of a registered actor and follows its transitions', async () => {
    render(<MachinesPage modules={modules} />)
    fireEvent.click(await screen.findByRole('button', { name: /toggle/ }))
    await chartOf('off')
    const actor = createActor(toggleMachine, { id: 'toggle' }).start()
    started.push(actor)
    act(() => {
      registerActor(actor)
    })
    expect(activeStates()).toEqual(['state:off'])
    expect(screen.getByRole('button', { name: /1 running/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'toggle: off' })).toBeTruthy()

    act(() => actor.send({ type: 'flip' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])
    act(() => actor.send({ type: 'open' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.opened'])
    expect(screen.getByRole('button', { name: 'toggle: {"on":"opened"}' })).toBeTruthy()

    // a stopped actor drops out
    act(() => actor.stop())
    expect(activeStates()).toEqual([])
  })

  it('matches actors of a provided machine by id, and can focus one of several', async () => {
    render(<MachinesPage modules={modules} />)
    fireEvent.click(await screen.findByRole('button', { name: /toggle/ }))
    await chartOf('off')
    const a = createActor(toggleMachine.provide({}), { id: 'first' }).start()
    const b = createActor(toggleMachine, { id: 'second' }).start()
    const other = createActor(otherMachine).start()
    started.push(a, b, other)
    act(() => {
      registerActor(a)
      registerActor(b)
      registerActor(other)
      b.send({ type: 'flip' })
    })
    expect(activeStates()).toEqual(['state:off', 'state:on', 'state:on.closed'])
    fireEvent.click(screen.getByRole('button', { name: 'second: {"on":"closed"}' }))
    expect(activeStates()).toEqual(['state:on', 'state:on.closed'])
  })

  it('simulate mode: clicking an enabled event moves the highlighted state; back and reset undo it', async () => {
    render(<MachinesPage modules={modules} />)
    fireEvent.click(await screen.findByRole('button', { name: /toggle/ }))
    await chartOf('off')
    // a live actor elsewhere must not light up the simulated chart
    const actor = createActor(toggleMachine, { id: 'live' }).start()
    started.push(actor)
    act(() => {
      registerActor(actor)
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
