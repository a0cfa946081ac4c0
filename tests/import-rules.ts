// The layering rule of design.md, as a checker over source text: imports flow one way
// (ui → adapters → core, server → core, fixtures → core) and core stays framework-free.
// Specifiers and identifiers are read from the TypeScript AST, never with regexes, so a word in
// a comment or a string is not an import and not a call.
import { builtinModules } from 'node:module'
import { posix } from 'node:path'
import ts from 'typescript'

export type Layer = 'core' | 'adapters' | 'ui' | 'server' | 'fixtures'
export const LAYERS: readonly Layer[] = ['core', 'adapters', 'ui', 'server', 'fixtures']

/** Which top folders of ours each layer may import from (itself included). */
export const ALLOWED_LAYERS: Record<Layer, readonly Layer[]> = {
  core: ['core'],
  adapters: ['adapters', 'core'],
  ui: ['ui', 'adapters', 'core'],
  server: ['server', 'core', 'fixtures'], // fixtures: the seed data the server loads
  fixtures: ['fixtures', 'core'],
}

export interface Violation {
  /** root-relative path, posix separators */
  file: string
  /** what was imported or used */
  what: string
  rule: string
}

export function formatViolation(v: Violation): string {
  return `${v.file}: ${v.what} (${v.rule})`
}

type SpecifierKind = 'import' | 'export-from' | 'dynamic import()' | 'import.meta.glob' | 'require()' | 'import type'

interface Specifier {
  kind: SpecifierKind
  text: string
}

const NODE_BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith('_')))

/** Globals that core must not touch (design.md: no DOM, no fetch). */
const CORE_FORBIDDEN_GLOBALS = new Set(['fetch', 'window', 'document', 'localStorage', 'navigator', 'XMLHttpRequest'])
/** Objects through which a global can be reached: `globalThis.fetch`, `self.document`. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self', 'global'])

export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file)
}

export function layerOf(file: string): Layer | null {
  const top = file.split('/')[0]
  return (LAYERS as readonly string[]).includes(top ?? '') ? (top as Layer) : null
}

/** `node:fs`, `fs`, `fs/promises` → true. */
export function isNodeBuiltin(spec: string): boolean {
  if (spec.startsWith('node:')) return true
  return NODE_BUILTINS.has(spec) || NODE_BUILTINS.has(spec.split('/')[0] ?? '')
}

/** `@scope/pkg/sub` → `@scope/pkg`; `react-dom/client` → `react-dom`. */
export function packageName(spec: string): string {
  const parts = spec.split('/')
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec)
}

function isCorePackageAllowed(spec: string, testFile: boolean): boolean {
  if (spec === 'xstate' || spec === 'xstate/graph') return true
  if (spec === 'effect' || spec.startsWith('effect/')) return true
  if (testFile && (packageName(spec) === 'vitest' || packageName(spec) === 'fast-check')) return true
  return false
}

/**
 * The root-relative path a relative or root-absolute specifier points at, or null for a package.
 * `../../core/api/endpoint` from `adapters/http/fetch-http.ts` → `core/api/endpoint`;
 * `/core/**\/*.machine.ts` (vite's root-relative form) → `core/**\/*.machine.ts`.
 * A path that leaves the project starts with `../`.
 */
export function resolveLocal(file: string, spec: string): string | null {
  const clean = spec.split('?')[0] ?? spec
  if (clean.startsWith('/')) return posix.normalize(clean.slice(1))
  if (clean === '.' || clean === '..' || clean.startsWith('./') || clean.startsWith('../')) {
    return posix.normalize(posix.join(posix.dirname(file), clean))
  }
  return null
}

// --- reading the AST ----------------------------------------------------------------------

function scriptKind(file: string): ts.ScriptKind {
  return file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
}

function parse(file: string, source: string): ts.SourceFile {
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, scriptKind(file))
}

function isImportMetaGlob(expr: ts.Expression): boolean {
  // import.meta.glob(...) and import.meta.glob<T>(...)
  return (
    ts.isPropertyAccessExpression(expr) &&
    expr.name.text === 'glob' &&
    ts.isMetaProperty(expr.expression) &&
    expr.expression.keywordToken === ts.SyntaxKind.ImportKeyword &&
    expr.expression.name.text === 'meta'
  )
}

function stringValue(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text
  return undefined
}

/** Every module specifier a file names, plus the dynamic ones whose argument is not a literal. */
export function readSpecifiers(file: string, source: string): { specifiers: Specifier[]; unresolved: string[] } {
  const sf = parse(file, source)
  const specifiers: Specifier[] = []
  const unresolved: string[] = []

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const text = stringValue(node.moduleSpecifier)
      if (text !== undefined) specifiers.push({ kind: 'import', text })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const text = stringValue(node.moduleSpecifier)
      if (text !== undefined) specifiers.push({ kind: 'export-from', text })
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const text = stringValue(node.moduleReference.expression)
      if (text !== undefined) specifiers.push({ kind: 'require()', text })
    } else if (ts.isImportTypeNode(node)) {
      // type X = typeof import('../server/app')
      const arg = node.argument
      const text = ts.isLiteralTypeNode(arg) ? stringValue(arg.literal) : undefined
      if (text !== undefined) specifiers.push({ kind: 'import type', text })
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression
      const first = node.arguments[0]
      if (callee.kind === ts.SyntaxKind.ImportKeyword) {
        const text = stringValue(first)
        if (text !== undefined) specifiers.push({ kind: 'dynamic import()', text })
        else unresolved.push(`import(${first ? first.getText(sf) : ''})`)
      } else if (isImportMetaGlob(callee)) {
        const patterns =
          first && ts.isArrayLiteralExpression(first) ? first.elements.map((e) => stringValue(e)) : [stringValue(first)]
        for (const p of patterns) {
          if (p === undefined) unresolved.push(`import.meta.glob(${first ? first.getText(sf) : ''})`)
          else if (!p.startsWith('!')) specifiers.push({ kind: 'import.meta.glob', text: p })
        }
      } else if (ts.isIdentifier(callee) && callee.text === 'require') {
        const text = stringValue(first)
        if (text !== undefined) specifiers.push({ kind: 'require()', text })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return { specifiers, unresolved }
}

/** True when this identifier names something (a property, a declaration) rather than reading a global. */
function isNameNotReference(id: ts.Identifier): boolean {
  const p = id.parent
  if (!p) return false
  if (ts.isPropertyAccessExpression(p) && p.name === id) return true
  if (ts.isQualifiedName(p) && p.right === id) return true
  if (
    (ts.isPropertyAssignment(p) ||
      ts.isPropertySignature(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isMethodSignature(p) ||
      ts.isGetAccessorDeclaration(p) ||
      ts.isSetAccessorDeclaration(p) ||
      ts.isEnumMember(p)) &&
    p.name === id
  ) {
    return true
  }
  if (ts.isBindingElement(p) && p.propertyName === id) return true
  if (
    (ts.isVariableDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isFunctionDeclaration(p) ||
      ts.isFunctionExpression(p) ||
      ts.isClassDeclaration(p) ||
      ts.isInterfaceDeclaration(p) ||
      ts.isTypeAliasDeclaration(p) ||
      ts.isBindingElement(p)) &&
    p.name === id
  ) {
    return true
  }
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return true
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return true
  if (ts.isJsxAttribute(p)) return true
  return false
}

/** Inside a type (`typeof fetch`, `Window`): no runtime use. */
function isInTypePosition(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isTypeNode(n) && !ts.isExpressionWithTypeArguments(n)) return true
    if (ts.isExpressionWithTypeArguments(n) && n.parent && ts.isHeritageClause(n.parent) && n.parent.token === ts.SyntaxKind.ImplementsKeyword) return true
    if (ts.isStatement(n) || ts.isSourceFile(n)) return false
  }
  return false
}

export interface GlobalUse {
  name: string
  /** how it was used: `fetch(…)`, `globalThis.fetch`, `window` */
  how: string
  line: number
}

/** Runtime uses of the named globals: bare identifiers, and `globalThis.x` / `globalThis['x']`. */
export function findGlobalUses(file: string, source: string, names: ReadonlySet<string>): GlobalUse[] {
  const sf = parse(file, source)
  const uses: GlobalUse[] = []
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && names.has(node.text) && !isNameNotReference(node) && !isInTypePosition(node)) {
      const p = node.parent
      const how = p && ts.isCallExpression(p) && p.expression === node ? `${node.text}(…)` : node.text
      uses.push({ name: node.text, how, line: line(node) })
    } else if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      GLOBAL_OBJECTS.has(node.expression.text) &&
      names.has(node.name.text) &&
      !isInTypePosition(node)
    ) {
      uses.push({ name: node.name.text, how: `${node.expression.text}.${node.name.text}`, line: line(node) })
    } else if (
      ts.isElementAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      GLOBAL_OBJECTS.has(node.expression.text)
    ) {
      const key = stringValue(node.argumentExpression)
      if (key !== undefined && names.has(key)) uses.push({ name: key, how: `${node.expression.text}['${key}']`, line: line(node) })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return uses
}

// --- the rules ----------------------------------------------------------------------------

/** Top folder a local path lands in: `core`, `scripts`, `vite.config.ts`, or `..` when it leaves the project. */
function topOf(local: string): string {
  if (local === '..' || local.startsWith('../')) return '..'
  return local.split('/')[0] ?? local
}

/** Every rule that one file breaks. `file` is root-relative with posix separators. */
export function checkFile(file: string, source: string): Violation[] {
  const layer = layerOf(file)
  if (!layer) return []
  const test = isTestFile(file)
  const out: Violation[] = []
  const add = (what: string, rule: string) => out.push({ file, what, rule })

  const base = posix.basename(file)
  if (/^index\.tsx?$/.test(base)) add('is an index file', 'no barrel files')

  const { specifiers, unresolved } = readSpecifiers(file, source)
  for (const u of unresolved) {
    if (layer === 'core') add(`imports ${u}`, 'core: dynamic import must name its module literally')
  }

  for (const { kind, text } of specifiers) {
    const verb = kind === 'import' ? 'imports' : `imports (${kind})`
    const what = `${verb} ${text}`
    const local = resolveLocal(file, text)

    if (local !== null) {
      const top = topOf(local)
      if (/[*?[{]/.test(top)) {
        add(what, `${layer}: glob reaches beyond its allowed folders`)
        continue
      }
      if (top === '..') {
        add(what, `${layer}: import leaves the project`)
        continue
      }
      const allowed = ALLOWED_LAYERS[layer] as readonly string[]
      // A test outside core may check generated files against their generator in scripts/
      // (ui/i18n/zh-hk.test.ts runs scripts/gen-zh-hk.ts); shipped code never imports tooling.
      if (test && layer !== 'core' && top === 'scripts') continue
      if (!allowed.includes(top)) {
        add(what, `${layer} may import only ${allowed.join(', ')}`)
      }
      continue
    }

    // a package
    const pkg = packageName(text)
    if (layer === 'core') {
      if (pkg === 'react' || pkg.startsWith('react-') || pkg.startsWith('@types/react')) add(what, 'core: no React')
      else if (isNodeBuiltin(text)) add(what, 'core: no Node API')
      else if (!isCorePackageAllowed(text, test)) {
        add(what, `core: packages allowed are xstate, xstate/graph, effect/*${test ? ', vitest, fast-check' : ' (vitest and fast-check in *.test.ts only)'}`)
      }
    } else if ((layer === 'ui' || layer === 'adapters') && !test && isNodeBuiltin(text)) {
      add(what, `${layer}: browser code, no Node API`)
    }
  }

  if (!test) {
    if (layer === 'core') {
      for (const use of findGlobalUses(file, source, CORE_FORBIDDEN_GLOBALS)) {
        add(`uses ${use.how} at line ${use.line}`, 'core: no DOM, no fetch: reach out through a port')
      }
    } else if ((layer === 'ui' || layer === 'adapters' || layer === 'fixtures') && !file.startsWith('adapters/http/')) {
      for (const use of findGlobalUses(file, source, new Set(['fetch']))) {
        add(`uses ${use.how} at line ${use.line}`, 'only adapters/http calls fetch (use the HttpPort)')
      }
    }
  }
  return out
}

// --- inside ui: views and features (design.md 'App state and the API layer') -------------------

/**
 * ui folders every feature may use: shared parts, strings, styles, dev tooling, test helpers, and
 * ui/content — the list and detail toolkit (panel, article list, paged-list and detail hooks) that
 * every reading page renders with; it is shared in all but name (a move to ui/common/ is pending).
 */
export const UI_SHARED = new Set(['common', 'content', 'i18n', 'styles', 'dev', 'testing'])
/** ui folders that compose features into the app (the header places the user menu and search). */
export const UI_COMPOSERS = new Set(['shell'])

/**
 * The feature a ui path belongs to: `ui/market/x.tsx` → `market`; `ui/reading/docs/x.tsx` →
 * `reading/docs` (reading holds one feature per sub-folder); a shared folder → its name; a file
 * directly in ui/ (app, main, services) or ui/reading/ (its route table) → null, the composition root.
 */
export function uiFeatureOf(path: string): string | null {
  const parts = path.split('/')
  if (parts[0] !== 'ui') return null
  if (parts[1] === 'reading') return parts.length > 3 ? `reading/${parts[2]}` : null
  return parts.length > 2 ? (parts[1] ?? null) : null
}

/** A feature's entry that the app's route table may import. */
const isFeatureEntry = (path: string) => /\/routes(\.tsx?)?$/.test(path)

/** True for a view: a React component file of a ui folder (tests, test helpers and the app's root files excluded). */
export function isViewFile(file: string): boolean {
  return file.startsWith('ui/') && file.split('/').length > 2 && file.endsWith('.tsx') && !isTestFile(file) && !file.startsWith('ui/testing/')
}

/** Every place a file reaches the HTTP port by name: `http.call`, `useServices().http`, `{ http }`. */
function findHttpUses(file: string, source: string): number[] {
  const sf = parse(file, source)
  const lines: number[] = []
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'http' && !isInTypePosition(node)) lines.push(line(node))
    else if (ts.isBindingElement(node) && ((node.propertyName && ts.isIdentifier(node.propertyName) && node.propertyName.text === 'http') || (!node.propertyName && ts.isIdentifier(node.name) && node.name.text === 'http'))) lines.push(line(node))
    else if (ts.isIdentifier(node) && node.text === 'http' && !isNameNotReference(node) && !isInTypePosition(node)) lines.push(line(node))
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return [...new Set(lines)]
}

/** The ui structure rules one file breaks: views never reach the HTTP port; features never import each other. */
export function checkUiFile(file: string, source: string): Violation[] {
  if (!file.startsWith('ui/') || isTestFile(file)) return []
  const out: Violation[] = []
  const add = (what: string, rule: string) => out.push({ file, what, rule })
  const view = isViewFile(file)
  const from = uiFeatureOf(file)
  for (const { kind, text } of readSpecifiers(file, source).specifiers) {
    const local = resolveLocal(file, text)
    if (local === null) continue
    const verb = kind === 'import' ? 'imports' : `imports (${kind})`
    if (view && /^core\/api\/http-port(\.ts)?$/.test(local)) add(`${verb} ${text}`, "views never reach the HTTP port: use the feature's api.ts")
    if (!local.startsWith('ui/')) continue
    const to = uiFeatureOf(local)
    if (to === null || to === from || UI_SHARED.has(to)) continue
    if (from === null || UI_COMPOSERS.has(from)) continue // the app and the shell compose features
    if (isFeatureEntry(local) && from === null) continue
    add(`${verb} ${text}`, UI_SHARED.has(from) ? `ui/${from} is shared: it imports no feature` : `feature ${from} imports ${to}'s internals (move what both use to ui/common/ or core/)`)
  }
  if (view) for (const l of findHttpUses(file, source)) add(`uses http at line ${l}`, "views never reach the HTTP port: use the feature's api.ts")
  return out
}
