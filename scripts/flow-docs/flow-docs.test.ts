import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { assign, fromPromise, setup } from 'xstate'
import { descriptionProblems, formatDuration, generateFlowDoc, humanise, toMermaid } from './generate'
import { findMachineFiles, isStateMachine, loadMachines, repoRoot } from './machines'
import { flowSummary, generateIndexDoc, INDEX_FILE } from './index-doc'
import { isPending } from './pending'
import { describeDiff, diffDocs, expectedDocs, FLOWS_DIR, writeDocs } from './sync'

/** `found` (a text, or its lines) holds every one of `parts`. */
const expectAll = (found: string | readonly string[], parts: readonly string[]) => {
  for (const part of parts) expect(found).toContain(part)
}

describe('docs/flows is in step with the machines', () => {
  it('every machine has its committed doc, every doc its machine, and none is out of date', async () => {
    const machines = await loadMachines(repoRoot)
    const problem = describeDiff(diffDocs(repoRoot, expectedDocs(machines)))
    // the message tells what to do: run `npm run docs`
    expect(problem, problem).toBeUndefined()
  })

  it('finds a machine in every core/**/*.machine.ts file', async () => {
    const machines = await loadMachines(repoRoot)
    const files = findMachineFiles(repoRoot)
    for (const file of files) expect(machines.map((m) => m.file), `${file} exports no machine`).toContain(file)
  })
})

// ---------------------------------------------------------------------------------------------

const sample = setup({
  types: {} as { context: { tries: number }; events: { type: 'code.send' } | { type: 'code.cancel' } | { type: 'retry' } },
  actors: {
    sendCode: fromPromise<void, { phone: string }>(() => {
      throw new Error('provide sendCode')
    }),
    unusedHelper: fromPromise(async () => 1),
  },
  delays: { resendWait: 60_000, shortPause: 1_500, backoff: ({ context }: { context: { tries: number } }) => context.tries * 1000 },
  guards: {
    canRetry: ({ context }) => context.tries < 3,
    neverUsed: () => false,
  },
}).createMachine({
  id: 'login',
  description: 'Phone login with an SMS code.',
  initial: 'idle',
  context: { tries: 0 },
  states: {
    idle: { description: 'Nothing sent | yet.', on: { 'code.send': 'sending' } },
    sending: {
      invoke: { id: 'sendCode', src: 'sendCode', input: { phone: '1' }, onDone: 'waiting', onError: 'failed' },
      on: { 'code.cancel': 'idle' },
    },
    waiting: {
      type: 'parallel',
      states: {
        timer: {
          initial: 'running',
          states: {
            running: { after: { resendWait: 'idle' } },
            idle: { type: 'final' },
          },
        },
        form: {
          initial: 'idle',
          states: { idle: { after: { 250: 'typing' } }, typing: {} },
        },
      },
    },
    failed: {
      after: { backoff: { target: 'sending', guard: 'canRetry', actions: assign({ tries: ({ context }) => context.tries + 1 }) } },
      always: [{ guard: 'canRetry', target: 'sending' }, { target: 'done' }],
      on: { retry: [{ guard: 'canRetry', target: 'sending' }, { target: 'done' }] },
    },
    done: { type: 'final' },
  },
})

describe('toMermaid', () => {
  const mermaid = toMermaid(sample)
  const lines = mermaid.split('\n')

  it('starts a stateDiagram-v2 with the initial arrow and ends final states', () => {
    expect(lines[0]).toBe('stateDiagram-v2')
    expect(lines[1]).toBe('  [*] --> idle')
    expect(lines).toContain('  done --> [*]')
  })

  it('draws nested states as composite blocks, parallel regions separated by --', () => {
    const start = lines.indexOf('  state waiting {')
    expect(start).toBeGreaterThan(0)
    expect(lines.slice(start, start + 12)).toEqual([
      '  state waiting {',
      '    state timer {',
      '      [*] --> running',
      '      running',
      '      waiting_timer_idle',
      '      running --> waiting_timer_idle : after 1min',
      '      waiting_timer_idle --> [*]',
      '    }',
      '    --',
      '    state form {',
      '      [*] --> waiting_form_idle',
      '      waiting_form_idle',
    ])
    // keys used more than once ('idle' ×3) get their path as id, unique keys stay short
    expect(lines).toContain('  idle')
    expect(lines).toContain('      waiting_form_idle --> typing : after 250ms')
  })

  it('labels transitions with event and guard, actor outcomes and delays by value', () => {
    expectAll(lines, [
      '  idle --> sending : code.send',
      '  sending --> waiting : sendCode done',
      '  sending --> failed : sendCode failed',
      '  failed --> sending : retry [canRetry]',
      '  failed --> done : retry',
      '  failed --> sending : always [canRetry]',
      // a delay computed by a function has no value: its name is shown
      '  failed --> sending : after backoff [canRetry]',
    ])
  })

  it('wraps a parallel root in a composite state (mermaid allows -- only inside one)', () => {
    const m = setup({}).createMachine({
      id: 'page',
      type: 'parallel',
      states: { a: { initial: 'x', states: { x: {} } }, b: { initial: 'y', states: { y: { on: { go: 'z' } }, z: {} } } },
    })
    expect(toMermaid(m).split('\n')).toEqual([
      'stateDiagram-v2',
      '  [*] --> page',
      '  state page {',
      '    state a {',
      '      [*] --> x',
      '      x',
      '    }',
      '    --',
      '    state b {',
      '      [*] --> y',
      '      y',
      '      z',
      '      y --> z : go',
      '    }',
      '  }',
    ])
  })

  it('is deterministic', () => {
    expect(toMermaid(sample)).toBe(mermaid)
    expect(generateFlowDoc(sample, { source: 'x' })).toBe(generateFlowDoc(sample, { source: 'x' }))
  })
})

describe('generateFlowDoc tables', () => {
  const doc = generateFlowDoc(sample, { source: 'core/auth/login.machine.ts' })

  it('has a header, title, description and the diagram', () => {
    expect(doc.startsWith('<!-- Generated by `npm run docs` from core/auth/login.machine.ts.')).toBe(true)
    expect(doc).toContain('\n# login\n\nPhone login with an SMS code.\n\n```mermaid\nstateDiagram-v2\n')
  })

  it('lists states with kind and escaped description', () => {
    expectAll(doc, [
      '| `idle` | start | Nothing sent \\| yet. |',
      '| `waiting` | parallel (all parts at once) | — |',
      '| `waiting.timer` | has sub-states, part of waiting | — |',
      '| `done` | end | — |',
    ])
  })

  it('lists events sorted, guarded alternatives in evaluation order with "otherwise"', () => {
    const rows = doc.split('\n').filter((l) => l.startsWith('| `retry`'))
    expect(rows).toEqual(['| `retry` | `failed` | `sending` | `canRetry` |', '| `retry` | `failed` | `done` | otherwise |'])
    expect(doc).toContain('| always (at once, on entering) | `failed` | `done` | otherwise |')
    const events = doc
      .split('### Events')[1]!
      .split('### Guards')[0]!
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split(' | ')[0])
    expect(events).toEqual([...events].sort())
  })

  it('lists guards (also unused ones), delays with values, actors with outcomes', () => {
    expectAll(doc, [
      '| `canRetry` | after backoff in `failed`; always in `failed`; retry in `failed` |',
      '| `neverUsed` | not used by a transition |',
      '| `resendWait` | 1min | `waiting.timer.running` → waiting.timer.idle |',
      '| `shortPause` | 1.5s | not used by a transition |',
      '| `backoff` | computed at run time | `failed` → sending |',
      '| (unnamed) | 250ms | `waiting.form.idle` → waiting.form.typing |',
      '| `sendCode` | `sendCode` | `sending` | waiting | failed |',
      '| `unusedHelper` | — | not invoked (spawned or unused) | — | — |',
    ])
  })

  it('keeps the ids for developers folded away, after the words', () => {
    const words = doc.split('## For developers')[0]!
    const ids = doc.split('## For developers')[1]!
    expect(ids.startsWith('\n\n<details>\n<summary>')).toBe(true)
    expect(ids.trimEnd().endsWith('</details>')).toBe(true)
    // the words part names states and events in words, never by `id`
    expect(words.split('```mermaid')[0]!.split('\n').slice(1).join('\n')).not.toContain('`')
    expect(words.split('```\n\n## Steps')[1]).not.toContain('`')
  })

  it('formats durations', () => {
    expect([formatDuration(300_000), formatDuration(5_000), formatDuration(1_500), formatDuration(250)]).toEqual([
      '5min',
      '5s',
      '1.5s',
      '250ms',
    ])
  })
})

describe('the words a product owner reads', () => {
  const described = setup({
    guards: { canRetry: () => true, unused: () => false },
    actors: { sendCode: fromPromise(async () => undefined) },
    delays: { resendWait: 60_000 },
  }).createMachine({
    id: 'phoneLogin',
    description: 'Logging in with a code sent by SMS. Details follow.',
    initial: 'idle',
    states: {
      idle: { description: 'The phone field is empty.', on: { 'code.send': 'sending' } },
      sending: {
        description: 'The code is on its way.',
        invoke: { src: 'sendCode', onDone: 'waiting', onError: 'idle' },
      },
      waiting: {
        description: 'Counting down before another code may be sent.',
        after: { resendWait: 'idle' },
        on: {
          retry: [
            { guard: 'canRetry', target: 'sending', description: 'Fewer than three tries so far: send again.' },
            { target: 'idle' },
          ],
        },
      },
    },
  })

  it('humanises ids into words', () => {
    expect(humanise('order.submit')).toBe('order submit')
    expect(humanise('riskLevelStatement')).toBe('risk level statement')
    expect(humanise('fetchPayment done')).toBe('fetch payment done')
    expect(humanise('loadKYCStatus')).toBe('load kyc status')
  })

  it('groups events by step, with the step, transition and condition sentences', () => {
    const doc = generateFlowDoc(described)
    expect(doc).toContain('\n# phoneLogin\n\nLogging in with a code sent by SMS. Details follow.\n')
    const steps = doc.split('## Steps')[1]!.split('## Conditions')[0]!
    expectAll(steps, [
      '### waiting\n\nCounting down before another code may be sent.\n\n',
      '- **after 1min** → idle\n',
      '- **retry** → sending: Fewer than three tries so far: send again.\n',
      '- **retry**, otherwise → idle\n',
      '- **send code finished** → waiting\n',
    ])
    expectAll(doc, [
      '- **can retry**: Fewer than three tries so far: send again. (checked on retry in waiting)',
      '- **unused**: not checked by any step',
      '- In waiting, after 1min → idle',
      '- While in sending: send code; when it finishes → waiting; when it fails → idle',
    ])
  })

  it('finds nothing missing in a described machine', () => {
    expect(descriptionProblems(described)).toEqual([])
  })

  it('names the flow, each state with transitions and each guarded transition without words', () => {
    const bare = setup({ guards: { canRetry: () => true } }).createMachine({
      id: 'bare',
      initial: 'idle',
      states: {
        idle: { on: { go: [{ guard: 'canRetry', target: 'done' }, { target: 'done' }] } },
        quiet: { description: 'Described, no transitions.' },
        done: { type: 'final' },
      },
    })
    expect(descriptionProblems(bare)).toEqual([
      "bare: the flow has no description (the machine's `description`: one sentence of what the reader does)",
      'bare: state `idle` has transitions but no description',
      'bare: `go` in `idle` is guarded by `canRetry` but has no description',
    ])
  })

  it('every machine outside the pending folders has its words (what npm run docs:check enforces)', async () => {
    const machines = await loadMachines(repoRoot)
    const missing = machines.filter((m) => !isPending(m.file)).flatMap((m) => descriptionProblems(m.machine))
    expect(missing, missing.join('\n')).toEqual([])
  })

  it('a folder is pending only by its prefix', () => {
    expect(isPending('core/order/a.machine.ts', ['core/order/'])).toBe(true)
    expect(isPending('core/orders/a.machine.ts', ['core/order/'])).toBe(false)
  })
})

describe('machines and sync', () => {
  let dir: string | undefined
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    dir = undefined
  })

  it('recognises machines among exports', () => {
    expect(isStateMachine(sample)).toBe(true)
    expect(isStateMachine({ id: 'x', root: {} })).toBe(false)
    expect(isStateMachine(fromPromise(async () => 1))).toBe(false)
  })

  it('finds *.machine.ts under core/ only, not their tests', () => {
    dir = mkdtempSync(join(tmpdir(), 'flow-docs-'))
    mkdirSync(join(dir, 'core/order/deep'), { recursive: true })
    for (const f of ['core/order/a.machine.ts', 'core/order/a.machine.test.ts', 'core/order/deep/b.machine.ts', 'core/order/pricing.ts'])
      writeFileSync(join(dir, f), '')
    expect(findMachineFiles(dir)).toEqual(['core/order/a.machine.ts', 'core/order/deep/b.machine.ts'])
  })

  it('reports missing, orphaned and outdated docs, and writeDocs fixes all three', () => {
    dir = mkdtempSync(join(tmpdir(), 'flow-docs-'))
    mkdirSync(join(dir, FLOWS_DIR), { recursive: true })
    const expected = new Map([
      ['login.md', 'new'],
      ['order.md', 'current'],
      ['chat.md', 'fresh'],
    ])
    writeFileSync(join(dir, FLOWS_DIR, 'order.md'), 'current')
    writeFileSync(join(dir, FLOWS_DIR, 'chat.md'), 'stale')
    writeFileSync(join(dir, FLOWS_DIR, 'gone.md'), 'orphan')
    const diff = diffDocs(dir, expected)
    expect(diff).toEqual({ missing: ['login.md'], orphaned: ['gone.md'], outdated: ['chat.md'] })
    expect(describeDiff(diff)).toMatch(/run `npm run docs`[\s\S]*without a doc: docs\/flows\/login\.md[\s\S]*without a machine: docs\/flows\/gone\.md[\s\S]*out of date: docs\/flows\/chat\.md/)
    writeDocs(dir, expected)
    expect(describeDiff(diffDocs(dir, expected))).toBeUndefined()
    expect(readFileSync(join(dir, FLOWS_DIR, 'chat.md'), 'utf8')).toBe('fresh')
  })
})

describe('docs/flows/README.md index', () => {
  const plain = setup({}).createMachine({ id: 'plain', initial: 'a', states: { a: {}, b: {} } })
  const described = setup({}).createMachine({ id: 'described', description: 'First sentence. Second one.', initial: 'a', states: { a: {} } })

  it('lists every flow once, sorted, with its sentence and a link to its doc', async () => {
    const machines = await loadMachines(repoRoot)
    const index = expectedDocs(machines).get(INDEX_FILE)
    expect(index).toBeDefined()
    const rows = index!.split('\n').filter((l) => l.startsWith('| ['))
    expect(rows.map((r) => /^\| \[([^\]]+)\]\(([^)]+)\)/.exec(r)?.slice(1))).toEqual(
      machines.map((m) => [m.machine.id, `${m.machine.id}.md`]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
    )
    for (const m of machines) expect(index).toContain(`| ${flowSummary(m.machine)} |`)
  })

  it("every flow's sentence is one plain sentence, without code", async () => {
    for (const { machine } of await loadMachines(repoRoot)) {
      const sentence = flowSummary(machine)
      expect(sentence.trim().endsWith('.'), machine.id).toBe(true)
      expect(sentence, machine.id).not.toMatch(/`|xstate|\bactor\b|\bguard\b/i)
    }
  })

  it("takes the description's first sentence, else the states", () => {
    expect(flowSummary(described)).toBe('First sentence.')
    expect(flowSummary(plain)).toBe('Moves between the states a, b.')
    const piped = setup({}).createMachine({ id: 'piped', description: 'A | B.', initial: 'a', states: { a: {} } })
    const doc = generateIndexDoc([{ machine: piped, file: 'core/x/piped.machine.ts', exportName: 'pipedMachine' }])
    expect(doc).toContain('| [piped](piped.md) | A \\| B. | `core/x/piped.machine.ts` |')
  })

  it('is reported stale when missing, and written by writeDocs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-index-'))
    try {
      const expected = expectedDocs([{ machine: plain, file: 'core/x/plain.machine.ts', exportName: 'plainMachine' }])
      expect(diffDocs(dir, expected).missing).toEqual([INDEX_FILE, 'plain.md'])
      writeDocs(dir, expected)
      expect(readFileSync(join(dir, FLOWS_DIR, INDEX_FILE), 'utf8')).toBe(expected.get(INDEX_FILE))
      expect(describeDiff(diffDocs(dir, expected))).toBeUndefined()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
