// The home page's JS budget (130 KB, spec'd in DEVELOPERS.md; figure in `npm run bench`) depends on
// what the entry chunk holds. Effect Schema alone is ~24 KB gzip: it must load on demand (the HTTP
// port and the contracts), never through a static import reachable from ui/main.tsx. This test walks
// the static value imports from the entry and names the chain that reaches `effect`, so a stray
// `import { x } from '../../core/api/<contract>'` in a header, a route table or an api module fails
// here rather than as a silent regression in the bench.
import { describe, expect, it } from 'vitest'
import { chainTo } from './import-graph'

const isEffect = (pkg: string) => pkg === 'effect' || pkg.startsWith('effect/')

describe('the entry chunk', () => {
  it('reaches no Effect module through static imports from ui/main.tsx', () => {
    expect(chainTo('ui/main.tsx', isEffect)).toBeNull()
  })

  it('does reach the session and the header (so the walk is not finding nothing)', () => {
    expect(chainTo('ui/main.tsx', () => false)).toBeNull()
    const reached: string[] = []
    chainTo('ui/main.tsx', (spec) => {
      reached.push(spec)
      return false
    })
    expect(reached).toEqual(expect.arrayContaining(['./accounts/session-api', 'xstate', 'react']))
  })

  it('names the chain when a module in the graph imports Effect, and ignores type-only and dynamic imports', () => {
    const files: Record<string, string> = {
      'ui/main.tsx': "import { a } from './a'\nimport type { T } from './typed'\nconst lazy = () => import('./lazy')",
      'ui/a.ts': "import { type U, b } from './b'\nexport const a = b",
      'ui/b.ts': "import * as Schema from 'effect/Schema'\nexport const b = Schema.String",
      'ui/typed.ts': "import { Schema } from 'effect'",
      'ui/lazy.ts': "import { Schema } from 'effect'",
    }
    const read = (f: string) => files[f] ?? ''
    const exists = (f: string) => f in files
    expect(chainTo('ui/main.tsx', isEffect, read, exists)).toEqual(['ui/main.tsx', 'ui/a.ts', 'ui/b.ts', 'effect/Schema'])
    files['ui/a.ts'] = "import { type U } from './b'\nexport const a = 1"
    expect(chainTo('ui/main.tsx', isEffect, read, exists)).toBeNull()
  })
})
