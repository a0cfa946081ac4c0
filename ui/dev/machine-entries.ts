/**
 * The machines /dev/machines lists: every state-machine export of core/**\/*.machine.ts, each
 * machine once. A file may also export a provided variant of another file's machine
 * (`attestationInDialog = attestationMachine.provide(...)` in order-dialog.machine.ts): same id,
 * same chart, so it is listed once, under the `<id>Machine` export (else the first file in
 * path order); the other exports are kept in `alsoExportedAs`. Live actors are matched by id,
 * so an actor of a variant still lights up the one entry.
 */
import type { AnyStateMachine } from 'xstate'
import { errorMessage } from '../../core/api/api-error'

export interface Entry {
  readonly file: string
  readonly exportName: string
  readonly machine: AnyStateMachine
  /** Other exports of the same machine id ('file#export'), e.g. provided variants. */
  readonly alsoExportedAs?: readonly string[]
}

export interface Loaded {
  readonly entries: readonly Entry[]
  readonly failures: ReadonlyArray<{ file: string; message: string }>
}

export function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    '__xstatenode' in value &&
    'root' in value &&
    typeof (value as { transition?: unknown }).transition === 'function'
  )
}

/** One entry per machine id, in the order given; prefers the export named `<id>Machine`. */
export function dedupeEntries(entries: readonly Entry[]): Entry[] {
  const byId = new Map<string, Entry[]>()
  for (const e of entries) byId.set(e.machine.id, [...(byId.get(e.machine.id) ?? []), e])
  const out: Entry[] = []
  for (const group of byId.values()) {
    const chosen = group.find((e) => e.exportName === `${e.machine.id}Machine`) ?? group[0]!
    const others = group.filter((e) => e !== chosen).map((e) => `${e.file}#${e.exportName}`)
    out.push(others.length ? { ...chosen, alsoExportedAs: others } : chosen)
  }
  return out
}

export async function loadEntries(modules: Record<string, () => Promise<unknown>>): Promise<Loaded> {
  const files = Object.keys(modules).sort()
  const results = await Promise.all(
    files.map(async (file) => {
      try {
        const mod = (await modules[file]!()) as Record<string, unknown>
        const entries: Entry[] = []
        for (const exportName of Object.keys(mod).sort()) {
          const value = mod[exportName]
          if (isMachine(value)) entries.push({ file, exportName, machine: value })
        }
        return { entries, failure: undefined }
      } catch (error) {
        return { entries: [], failure: { file, message: errorMessage(error) } }
      }
    }),
  )
  return {
    entries: dedupeEntries(results.flatMap((r) => r.entries)),
    failures: results.flatMap((r) => (r.failure ? [r.failure] : [])),
  }
}
