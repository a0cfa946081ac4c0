/**
 * npm run docs          → tsx scripts/flow-docs/cli.ts           writes docs/flows/<machine id>.md
 * tsx scripts/flow-docs/cli.ts --check                           exits 1 when docs are stale or a
 *                                                                description is missing
 */
import { descriptionProblems } from './generate'
import { loadMachines, repoRoot } from './machines'
import { isPending } from './pending'
import { describeDiff, diffDocs, expectedDocs, FLOWS_DIR, writeDocs } from './sync'

const check = process.argv.includes('--check')
const machines = await loadMachines(repoRoot)
const expected = expectedDocs(machines)

// Words a product owner reads: the flow, every state with transitions, every guarded transition
const failing: string[] = []
const warning: string[] = []
for (const { machine, file } of machines) {
  for (const p of descriptionProblems(machine)) (isPending(file) ? warning : failing).push(`${p} (${file})`)
}
if (warning.length) {
  console.warn(`descriptions still to write (warning only while their folder is listed in scripts/flow-docs/pending.ts):\n  ${warning.join('\n  ')}`)
}

if (check) {
  const problem = describeDiff(diffDocs(repoRoot, expected))
  if (problem) console.error(problem)
  if (failing.length) {
    console.error(
      `every state with transitions and every guarded transition needs an xstate \`description\` in words a product owner reads:\n  ${failing.join('\n  ')}`,
    )
  }
  if (problem || failing.length) process.exit(1)
  console.log(`${FLOWS_DIR}: ${expected.size - 1} flow docs and the index up to date`)
} else {
  const diff = writeDocs(repoRoot, expected)
  for (const f of diff.missing) console.log(`created ${FLOWS_DIR}/${f}`)
  for (const f of diff.outdated) console.log(`updated ${FLOWS_DIR}/${f}`)
  for (const f of diff.orphaned) console.log(`removed ${FLOWS_DIR}/${f}`)
  if (failing.length) console.error(`missing descriptions (npm run docs:check fails on these):\n  ${failing.join('\n  ')}`)
  console.log(`${FLOWS_DIR}: ${expected.size - 1} flow docs and the index from ${machines.length} machines`)
}
