// Walking the client's static import graph (type-only and dynamic imports excluded): what the entry
// chunk holds. Used by tests/entry-chunk.test.ts and tests/i18n-texts.test.ts.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

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

export function resolve(from: string, spec: string, exists: (f: string) => boolean): string | null {
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


type Tree = { readonly [k: string]: string | Tree }

/**
 * The namespaces (top-level keys of `texts`) whose keys a module names in a string or template
 * literal: a whole key ('posting.post.like') or a key's start in a template (`market.period.${p}`).
 */
export function namespacesNamed(file: string, source: string, texts: Tree): Set<string> {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found = new Set<string>()
  const isKey = (text: string) => {
    let node: string | Tree | undefined = texts
    for (const part of text.split('.')) node = typeof node === 'object' ? node[part] : undefined
    return typeof node === 'string'
  }
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (isKey(node.text)) found.add(node.text.split('.')[0]!)
    } else if (ts.isTemplateHead(node)) {
      const ns = node.text.split('.')[0]!
      if (node.text.includes('.') && typeof texts[ns] === 'object') found.add(ns)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

/**
 * The value-import cycles among `files` (repository-relative path → source): every strongly connected
 * component of the graph of static value imports with more than one module (or a module importing
 * itself), each given as one cycle through it, starting at its first module in path order
 * ('a.ts → b.ts → a.ts'). Type-only imports and import() are not edges: they do not run at load
 * time, so they cannot leave a module half-initialised (the bug a value cycle invites).
 */
export function valueCycles(files: ReadonlyMap<string, string>): string[] {
  const edges = new Map<string, string[]>()
  for (const [file, source] of files) {
    const next = staticValueImports(file, source)
      .map((spec) => resolve(file, spec, (f) => files.has(f)))
      .filter((f): f is string => f !== null)
    edges.set(file, [...new Set(next)].sort())
  }
  // Tarjan's strongly connected components, iteratively (deep chains must not overflow the stack)
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const components: string[][] = []
  for (const start of [...files.keys()].sort()) {
    if (index.has(start)) continue
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length) {
      const top = work[work.length - 1]!
      const out = edges.get(top.node) ?? []
      if (top.i < out.length) {
        const next = out[top.i++]!
        if (!index.has(next)) {
          index.set(next, counter)
          low.set(next, counter++)
          stack.push(next)
          onStack.add(next)
          work.push({ node: next, i: 0 })
        } else if (onStack.has(next)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(next)!))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!))
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = []
        let member: string
        do {
          member = stack.pop()!
          onStack.delete(member)
          component.push(member)
        } while (member !== top.node)
        const selfLoop = component.length === 1 && (edges.get(component[0]!) ?? []).includes(component[0]!)
        if (component.length > 1 || selfLoop) components.push(component.sort())
      }
    }
  }
  // one readable cycle per component: the shortest way from its first module back to itself
  return components
    .map((component) => {
      const inside = new Set(component)
      const first = component[0]!
      const parent = new Map<string, string>()
      const queue = [first]
      let last: string | undefined
      while (queue.length && last === undefined) {
        const file = queue.shift()!
        for (const next of edges.get(file) ?? []) {
          if (!inside.has(next)) continue
          if (next === first) {
            last = file
            break
          }
          if (!parent.has(next)) {
            parent.set(next, file)
            queue.push(next)
          }
        }
      }
      const path = [first]
      for (let f = last; f && f !== first; f = parent.get(f)) path.splice(1, 0, f)
      return [...path, first].join(' → ')
    })
    .sort()
}

/**
 * The actors a file starts without the visualiser's hook: every `useActorRef(...)` or `createActor(...)`
 * whose options are not an object literal with an `inspect` property ('file:line call').
 */
export function uninspectedActors(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const out: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === 'useActorRef' || node.expression.text === 'createActor')) {
      const options = node.arguments[1]
      const inspected =
        options !== undefined &&
        ts.isObjectLiteralExpression(options) &&
        options.properties.some((p) => (ts.isShorthandPropertyAssignment(p) || ts.isPropertyAssignment(p)) && p.name.getText(sf) === 'inspect')
      if (!inspected) out.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${node.getText(sf).replace(/\s+/g, ' ')}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}
