// The home page's JS budget (130 KB, spec'd in DEVELOPERS.md; figure in `npm run bench`) depends on
// what the entry chunk holds. Effect Schema alone is ~24 KB gzip: it must load on demand (the HTTP
// port and the contracts), never through a static import reachable from ui/main.tsx. This test walks
// the static value imports from the entry and names the chain that reaches `effect`, so a stray
// `import { x } from '../../core/api/<contract>'` in a header, a route table or an api module fails
// here rather than as a silent regression in the bench.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The specifiers a module imports for their values at load time (type-only imports and import() excluded). */
export function staticValueImports(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const out: string[] = []
  for (const node of sf.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      if (clause?.isTypeOnly) continue
      const bindings = clause?.namedBindings
      const onlyTypes = clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)
      if (!onlyTypes) out.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text)
    }
  }
  return out
}

function resolve(from: string, spec: string, exists: (f: string) => boolean): string | null {
  if (!spec.startsWith('.')) return null
  const base = posix.normalize(posix.join(posix.dirname(from), spec))
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (/\.tsx?$/.test(candidate) && exists(candidate)) return candidate
  }
  return null // a stylesheet, JSON or asset
}

/** Breadth-first over static imports from `entry`: the chain to the first module importing a package matching `banned`. */
export function chainTo(
  entry: string,
  banned: (pkg: string) => boolean,
  read = (f: string) => readFileSync(join(ROOT, f), 'utf8'),
  exists = (f: string) => existsSync(join(ROOT, f)),
): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]])
  const queue = [entry]
  while (queue.length) {
    const file = queue.shift()!
    for (const spec of staticValueImports(file, read(file))) {
      if (banned(spec)) {
        const chain = [spec]
        for (let f: string | null = file; f; f = parent.get(f) ?? null) chain.unshift(f)
        return chain
      }
      const next = resolve(file, spec, exists)
      if (next && !parent.has(next)) {
        parent.set(next, file)
        queue.push(next)
      }
    }
  }
  return null
}

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
