/** Compares docs/flows/*.md with what the machines generate, and writes them. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateFlowDoc } from './generate'
import { generateIndexDoc, INDEX_FILE } from './index-doc'
import type { LoadedMachine } from './machines'

export const FLOWS_DIR = 'docs/flows'

/** File name → content, for every machine, and the README.md index of them all. */
export function expectedDocs(machines: readonly LoadedMachine[]): Map<string, string> {
  const docs = new Map<string, string>()
  docs.set(INDEX_FILE, generateIndexDoc(machines))
  for (const { machine, file } of machines) docs.set(`${machine.id}.md`, generateFlowDoc(machine, { source: file }))
  return docs
}

export interface DocsDiff {
  /** Machines without a committed doc. */
  readonly missing: string[]
  /** Docs whose machine is gone (or renamed). */
  readonly orphaned: string[]
  /** Docs that differ from what their machine generates. */
  readonly outdated: string[]
}

function committedDocs(root: string): string[] {
  const dir = join(root, FLOWS_DIR)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
}

export function diffDocs(root: string, expected: ReadonlyMap<string, string>): DocsDiff {
  const committed = committedDocs(root)
  const missing = [...expected.keys()].filter((f) => !committed.includes(f)).sort()
  const orphaned = committed.filter((f) => !expected.has(f))
  const outdated = committed.filter(
    (f) => expected.has(f) && readFileSync(join(root, FLOWS_DIR, f), 'utf8') !== expected.get(f),
  )
  return { missing, orphaned, outdated }
}

export function describeDiff(diff: DocsDiff): string | undefined {
  const lines: string[] = []
  if (diff.missing.length) lines.push(`machines without a doc: ${diff.missing.map((f) => `${FLOWS_DIR}/${f}`).join(', ')}`)
  if (diff.orphaned.length) lines.push(`docs without a machine: ${diff.orphaned.map((f) => `${FLOWS_DIR}/${f}`).join(', ')}`)
  if (diff.outdated.length) lines.push(`docs out of date: ${diff.outdated.map((f) => `${FLOWS_DIR}/${f}`).join(', ')}`)
  if (!lines.length) return undefined
  return `docs/flows is not in step with the machines — run \`npm run docs\` and commit the result.\n${lines.join('\n')}`
}

/** Writes every expected doc and removes orphaned ones. Returns what changed. */
export function writeDocs(root: string, expected: ReadonlyMap<string, string>): DocsDiff {
  const diff = diffDocs(root, expected)
  mkdirSync(join(root, FLOWS_DIR), { recursive: true })
  for (const f of [...diff.missing, ...diff.outdated]) writeFileSync(join(root, FLOWS_DIR, f), expected.get(f) ?? '')
  for (const f of diff.orphaned) rmSync(join(root, FLOWS_DIR, f))
  return diff
}
