/**
 * Every XState machine of core/: globs core/**\/*.machine.ts at run time and imports each
 * file, taking every export that is a state machine, so new machines are picked up without
 * a registry (core must not depend on scripts, and a registry in core would be forgotten).
 */
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

export interface LoadedMachine {
  readonly machine: AnyStateMachine
  /** Repository-relative, with '/' separators: 'core/order/order-dialog.machine.ts' */
  readonly file: string
  readonly exportName: string
}

export function isStateMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    '__xstatenode' in value &&
    'root' in value &&
    typeof (value as { transition?: unknown }).transition === 'function' &&
    typeof (value as { getInitialSnapshot?: unknown }).getInitialSnapshot === 'function'
  )
}

/** Repository-relative paths of core/**\/*.machine.ts, sorted. */
export function findMachineFiles(root: string = repoRoot): string[] {
  const core = join(root, 'core')
  const entries = readdirSync(core, { recursive: true, withFileTypes: false }) as string[]
  return entries
    .filter((p) => p.endsWith('.machine.ts'))
    .map((p) => relative(root, join(core, p)).split(sep).join('/'))
    .sort()
}

/** Imports every machine file; throws when two different machines share an id. */
export async function loadMachines(root: string = repoRoot): Promise<LoadedMachine[]> {
  const out: LoadedMachine[] = []
  const seen = new Set<AnyStateMachine>()
  for (const file of findMachineFiles(root)) {
    const mod = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>
    for (const exportName of Object.keys(mod).sort()) {
      const value = mod[exportName]
      if (!isStateMachine(value) || seen.has(value)) continue
      seen.add(value)
      out.push({ machine: value, file, exportName })
    }
  }
  const byId = new Map<string, LoadedMachine>()
  const kept: LoadedMachine[] = []
  for (const m of out) {
    const other = byId.get(m.machine.id)
    // `machine.provide(...)` gives a machine with the same definition and other implementations:
    // one chart, one doc (the first export found, files in order)
    if (other && other.machine.config === m.machine.config) continue
    if (other) {
      throw new Error(
        `Two machines have the id "${m.machine.id}": ${other.file} (${other.exportName}) and ${m.file} (${m.exportName}). ` +
          'Machine ids name their docs/flows/<id>.md, so they must be unique.',
      )
    }
    byId.set(m.machine.id, m)
    kept.push(m)
  }
  return kept.sort((a, b) => (a.machine.id < b.machine.id ? -1 : a.machine.id > b.machine.id ? 1 : 0))
}
