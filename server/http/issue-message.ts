// Turns a schema decoding failure into the clear Chinese 400 message the client shows:
// 参数错误：count 应为 1 到 100 的整数
import * as Schema from 'effect/Schema'
import * as SchemaAST from 'effect/SchemaAST'
import * as SchemaIssue from 'effect/SchemaIssue'

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

type Representation = { id: string; payload: Record<string, unknown> | null }

function representations(ast: SchemaAST.AST): Representation[] {
  const out: Representation[] = []
  for (const check of ast.checks ?? []) {
    const rep = (check.annotations as { representation?: Representation } | undefined)?.representation
    if (rep && typeof rep.id === 'string') out.push(rep)
  }
  return out
}

/** Optional fields are `X | undefined`: keep X. */
function withoutUndefined(ast: SchemaAST.AST): SchemaAST.AST {
  if (SchemaAST.isUnion(ast)) {
    const members = ast.types.filter((t) => !SchemaAST.isUndefined(t))
    if (members.length === 1) return withoutUndefined(members[0]!)
  }
  return ast
}

/** The AST found by following `path` from `ast` (property names and array indexes). */
export function astAtPath(ast: SchemaAST.AST, path: ReadonlyArray<PropertyKey>): SchemaAST.AST | undefined {
  let node: SchemaAST.AST | undefined = withoutUndefined(ast)
  for (const key of path) {
    if (!node) return undefined
    if (SchemaAST.isObjects(node)) {
      node = node.propertySignatures.find((p) => p.name === key)?.type
    } else if (SchemaAST.isArrays(node)) {
      const index = typeof key === 'number' ? key : Number(key)
      node = node.elements[index] ?? node.rest[0]
    } else return undefined
    if (node) node = withoutUndefined(node)
  }
  return node
}

const num = (v: unknown): string => String(v)

function literalList(ast: SchemaAST.AST): string[] | undefined {
  if (SchemaAST.isLiteral(ast)) return [String(ast.literal)]
  if (SchemaAST.isUnion(ast)) {
    const all: string[] = []
    for (const t of ast.types) {
      const l = literalList(t)
      if (!l) return undefined
      all.push(...l)
    }
    return all
  }
  return undefined
}

/** What a value at this AST should be, in Chinese ('1 到 100 的整数'), or undefined for a format rule. */
export function describeExpected(ast: SchemaAST.AST): string | 'format' {
  // values that arrive encoded (a boolean from 'true'/'false'): describe the accepted spellings
  const encoded = SchemaAST.toEncoded(ast)
  const literals = literalList(withoutUndefined(encoded))
  if (literals) return literals.length === 1 ? literals[0]! : `${literals.slice(0, -1).join('、')} 或 ${literals[literals.length - 1]} 之一`

  const reps = representations(ast)
  const has = (id: string) => reps.find((r) => r.id === `effect/schema/${id}`)?.payload ?? undefined
  if (has('isPattern') !== undefined || reps.some((r) => r.id === 'effect/schema/isPattern')) return 'format'

  if (SchemaAST.isNumber(ast)) {
    const int = reps.some((r) => r.id === 'effect/schema/isInt')
    const kind = int ? '整数' : '数字'
    const between = has('isBetween')
    if (between) return `${num(between.minimum)} 到 ${num(between.maximum)} 的${kind}`
    // an upper bound is named when it is one a reader could reach (ids: 2^31−1), not the 2^53−1 of JSON numbers
    const lte = has('isLessThanOrEqualTo')
    const upTo = lte && Number(lte.maximum) < Number.MAX_SAFE_INTEGER ? `不大于 ${num(lte.maximum)} 的` : ''
    const gt = has('isGreaterThan')
    if (gt) return gt.exclusiveMinimum === 0 ? `${upTo}正${kind}` : `${upTo}大于 ${num(gt.exclusiveMinimum)} 的${kind}`
    const gte = has('isGreaterThanOrEqualTo')
    if (gte) return gte.minimum === 0 ? `${upTo}非负${kind}` : `${upTo}不小于 ${num(gte.minimum)} 的${kind}`
    return kind
  }
  if (SchemaAST.isString(ast)) {
    const max = has('isMaxLength')
    const min = has('isMinLength')
    if (max && min) return `长度 ${num(min.minLength)} 到 ${num(max.maxLength)} 个字符的字符串`
    if (max) return `不超过 ${num(max.maxLength)} 个字符的字符串`
    if (min) return `至少 ${num(min.minLength)} 个字符的字符串`
    return '字符串'
  }
  if (SchemaAST.isBoolean(ast)) return '布尔值'
  if (SchemaAST.isArrays(ast)) {
    const max = has('isMaxLength')
    return max ? `不超过 ${num(max.maxLength)} 项的数组` : '数组'
  }
  if (SchemaAST.isObjects(ast)) return '对象'
  return 'format'
}

function pathText(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number' || /^\d+$/.test(String(key))) out += `[${String(key)}]`
    else out += out ? `.${String(key)}` : String(key)
  }
  return out
}

/**
 * Where the first U+0000 sits in a decoded JSON value or a params/query record (a path like
 * `logArray[3]`, '' for the value itself), or undefined. PostgreSQL refuses NUL in text, so the server
 * refuses it for every field before any schema or handler sees it. Iterative: a 1 MB body of `[[[…`
 * must not overflow the stack.
 */
export function nulPath(value: unknown): string | undefined {
  // each entry keeps its parent link, so paths are built only for the one NUL found
  type Entry = { v: unknown; key: PropertyKey | undefined; parent: Entry | undefined }
  const pathOf = (e: Entry | undefined): PropertyKey[] => {
    const keys: PropertyKey[] = []
    for (let at = e; at && at.key !== undefined; at = at.parent) keys.push(at.key)
    return keys.reverse()
  }
  const stack: Entry[] = [{ v: value, key: undefined, parent: undefined }]
  while (stack.length > 0) {
    const e = stack.pop()!
    const v = e.v
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return pathText(pathOf(e))
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: e })
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, item] of Object.entries(v).reverse()) {
        if (k.includes('\u0000')) return pathText([...pathOf(e), k.replaceAll('\u0000', '\\0')])
        stack.push({ v: item, key: k, parent: e })
      }
    }
  }
  return undefined
}

/** 参数错误：<field> 不能包含空字符 */
export function nulMessage(path: string, what: '参数' | '请求体' = '参数'): string {
  return `参数错误：${path || (what === '请求体' ? '请求体' : '参数')} 不能包含空字符`
}

/** 参数错误：<field> 应为 <expected> — for the first problem found. */
export function issueMessage(schema: Schema.Top, error: Schema.SchemaError, what: '参数' | '请求体' = '参数'): string {
  const first = formatter(error.issue).issues[0]
  const path = (first?.path ?? []).map((p) => (typeof p === 'object' && p !== null && 'key' in p ? (p as { key: PropertyKey }).key : p)) as PropertyKey[]
  if (path.length === 0) return what === '请求体' ? '参数错误：请求体应为 JSON 对象' : '参数错误：参数格式不正确'
  const field = pathText(path)
  if (first?.message === 'Missing key') return `参数错误：缺少 ${field}`
  // a check that words its own Chinese message (common.ts: '不能包含空字符', '每个 id 应不大于 …')
  if (first?.message && /^[\u3400-\u9fff]/.test(first.message)) return `参数错误：${field} ${first.message}`
  const ast = astAtPath(schema.ast, path)
  if (!ast) return `参数错误：${field} 格式不正确`
  const expected = describeExpected(ast)
  if (expected === 'format') return `参数错误：${field} 格式不正确`
  // '应为 1 到 100 的整数' but '应为正整数': a space only before Latin text or digits
  return `参数错误：${field} 应为${/^[\u3400-\u9fff]/.test(expected) ? '' : ' '}${expected}`
}
