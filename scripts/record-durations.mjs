// `npm run durations`: writes tests/durations.json, the seconds each test file took in the last `npm test`
// (artifacts/test-results/*.json and artifacts/e2e-results.json), which tests/sequencer.ts reads to start
// the longest files first. Run it after a full `npm test` on a quiet machine and commit the file when the
// order it gives has drifted; a file it does not know simply starts first.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const sources = [
  ...(existsSync(join(root, 'artifacts', 'test-results')) ? readdirSync(join(root, 'artifacts', 'test-results')).map((f) => join(root, 'artifacts', 'test-results', f)) : []),
  join(root, 'artifacts', 'e2e-results.json'),
].filter((f) => f.endsWith('.json') && existsSync(f))
const seconds = {}
for (const file of sources) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  for (const t of report.testResults ?? []) {
    const name = relative(root, t.name)
    const s = Math.round((t.endTime - t.startTime) / 100) / 10
    // the PostgreSQL pass runs some files a second time: the longer run counts
    seconds[name] = Math.max(seconds[name] ?? 0, s)
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)))
writeFileSync(join(root, 'tests', 'durations.json'), `${JSON.stringify(sorted, null, 1)}\n`)
console.log(`tests/durations.json: ${Object.keys(sorted).length} files from ${sources.map((f) => relative(root, f)).join(', ')}`)
