/**
 * npm run docs          → tsx scripts/flow-docs/cli.ts           writes docs/flows/<machine id>.md
 * tsx scripts/flow-docs/cli.ts --check                           exits 1 when docs are stale
 */
import { loadMachines, repoRoot } from './machines'
import { describeDiff, diffDocs, expectedDocs, FLOWS_DIR, writeDocs } from './sync'

const check = process.argv.includes('--check')
const machines = await loadMachines(repoRoot)
const expected = expectedDocs(machines)

if (check) {
  const problem = describeDiff(diffDocs(repoRoot, expected))
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
  console.log(`${FLOWS_DIR}: ${expected.size - 1} flow docs and the index up to date`)
} else {
  const diff = writeDocs(repoRoot, expected)
  for (const f of diff.missing) console.log(`created ${FLOWS_DIR}/${f}`)
  for (const f of diff.outdated) console.log(`updated ${FLOWS_DIR}/${f}`)
  for (const f of diff.orphaned) console.log(`removed ${FLOWS_DIR}/${f}`)
  console.log(`${FLOWS_DIR}: ${expected.size - 1} flow docs and the index from ${machines.length} machines`)
}
