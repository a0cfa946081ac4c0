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
