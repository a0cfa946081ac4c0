// Longest test files first (tests/durations.json, written by `npm run durations`), for the unit pass and
// the journeys alike. Vitest's own order on a clean clone (CI: no results cache) is by file size, which
// put a 63 s journey last, alone on one core while the other idled for a minute. With two workers, the
// longest-first order keeps both busy to the end. Files without a recorded time start first: a new file's
// length is unknown, and starting it early cannot leave it alone at the end.
// Plain JS (types in sequencer.d.mts): the vitest configs import it, and Vite loads a config's relative
// imports without a TypeScript extension only with a warning.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer } from 'vitest/node'

/** @type {Record<string, number>} */
const durations = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'))

export class LongestFirst extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    /** @param {import('vitest/node').TestSpecification} f */
    const seconds = (f) => durations[relative(f.project.config.root, f.moduleId)] ?? Number.POSITIVE_INFINITY
    return [...files].sort((a, b) => seconds(b) - seconds(a))
  }
}
