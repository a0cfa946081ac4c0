// The contract matches the spec's methods and body placement (issue 26): every `METHOD /path {body}` and
// `METHOD /path (query)` the two spec files write is read, and the registry (core/api) must take each
// field where the spec sends it — a body field in the body, a query field in the query or the path. Where
// real clients differ (a DELETE with its list in the body or in the query) the registry takes both.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { endpoint } from '../core/api/endpoint'
import { ENDPOINTS } from '../core/api/registry'
import { describeMisplaced, fieldsOf, misplacedFields, specCalls } from './spec-placement'

const SPEC_DIR = '/work/shared/spec'
/** The spec's lines that name a call, kept in the repository for a clone without the spec beside it. */
const KEPT = fileURLToPath(new URL('./spec-calls.txt', import.meta.url))
const CALL_LINE = /\b(GET|POST|PUT|DELETE)(\/(GET|POST|PUT|DELETE))* \//

/** 'file:line<TAB>text' for every line of the spec files that names a call. */
function callLines(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((f) =>
      readFileSync(`${dir}/${f}`, 'utf8')
        .split('\n')
        .map((line, i) => ({ f, i, line }))
        .filter((x) => CALL_LINE.test(x.line))
        .map((x) => `${x.f}:${x.i + 1}\t${x.line}`),
    )
}
const specHere = existsSync(SPEC_DIR)
const lines = specHere ? callLines(SPEC_DIR) : readFileSync(KEPT, 'utf8').trimEnd().split('\n')
// each kept line is read on its own, under its own file and line
const calls = lines.flatMap((l) => {
  const [at, ...text] = l.split('\t')
  const [file, line] = (at ?? '').split(':')
  return specCalls(file ?? '', `${'\n'.repeat(Number(line) - 1)}${text.join('\t')}`)
})
const endpoints = ENDPOINTS.map((e) => e.endpoint)

describe('the registry against the spec files', () => {
  it.runIf(specHere)('tests/spec-calls.txt keeps the spec files\' call lines as they are (rewritten when not)', () => {
    const kept = existsSync(KEPT) ? readFileSync(KEPT, 'utf8') : ''
    const now = `${lines.join('\n')}\n`
    if (kept !== now) writeFileSync(KEPT, now)
    expect(kept, 'tests/spec-calls.txt was out of date: rewritten, commit it').toBe(now)
  })

  it('reads the calls of both spec files, with their fields', () => {
    expect(new Set(calls.map((c) => c.at.split(':')[0])).size).toBe(2)
    expect(calls.length).toBeGreaterThan(150)
    expect(calls.filter((c) => c.body.length > 0).length).toBeGreaterThan(15)
    expect(calls.filter((c) => c.query.length > 0).length).toBeGreaterThan(15)
    const unfollow = calls.find((c) => c.methods.includes('DELETE') && c.path === '/api/portfolio/follow/v1')
    expect(unfollow?.body).toEqual(['portfolioCodeList'])
  })

  it('takes every field where the spec sends it', () => {
    const misplaced = misplacedFields(calls, endpoints).map(describeMisplaced)
    expect(misplaced).toEqual([])
  })
})

describe('the reader and the comparison (so the test above cannot pass by finding nothing)', () => {
  const text = [
    '- POST/DELETE /api/portfolio/follow/v1 {portfolioCodeList}; POST /detect/chars/v1; PUT /{code}/v1',
    '- GET /api/portfolio/profit/v1; /list/v1 (userId); /monthProfit/v1 (portfolioCode)',
    'GET /api/message/v2/interaction/{type}?timestamp; GET /api/user/logout (platform header web)',
    'POST /api/momentUser/askQuestionUser/v1 {momentId, page, pageSize 5}; POST /member/mute/v1 {groupId, muteTimeHour default -1}',
    'POST /api/file/upload/v1 (with progress)',
  ].join('\n')
  const read = specCalls('s.txt', text)

  it('reads methods, paths relative to the line, {body} and (query) fields, and leaves prose out', () => {
    const row = (path: string) => read.filter((c) => c.path === path).map((c) => [c.methods.join('/'), c.body.join(','), c.query.join(','), c.at])
    expect(row('/api/portfolio/follow/v1')).toEqual([['POST/DELETE', 'portfolioCodeList', '', 's.txt:1']])
    expect(row('/api/portfolio/detect/chars/v1')).toEqual([['POST', '', '', 's.txt:1']])
    expect(row('/api/portfolio/list/v1')).toEqual([['GET', '', 'userId', 's.txt:2']])
    expect(row('/api/message/v2/interaction/{type}')).toEqual([['GET', '', 'timestamp', 's.txt:3']])
    expect(row('/api/user/logout')).toEqual([['GET', '', '', 's.txt:3']])
    expect(row('/api/momentUser/askQuestionUser/v1')).toEqual([['POST', 'momentId,page,pageSize', '', 's.txt:4']])
    expect(row('/api/momentUser/member/mute/v1')).toEqual([['POST', 'groupId,muteTimeHour', '', 's.txt:4']])
    expect(row('/api/file/upload/v1')).toEqual([['POST', '', '', 's.txt:5']])
    expect(fieldsOf('keyword, page, count 10')).toEqual(['keyword', 'page', 'count'])
    expect(fieldsOf('5 s timeout')).toBeNull()
  })

  const Codes = Schema.Array(Schema.String)
  const inQuery = endpoint({ name: 'x.unfollow', method: 'DELETE', path: '/api/portfolio/follow/v1', query: Schema.Struct({ portfolioCodeList: Schema.String }) })
  const inBoth = endpoint({
    name: 'x.unfollow',
    method: 'DELETE',
    path: '/api/portfolio/follow/v1',
    query: Schema.Struct({ portfolioCodeList: Schema.optional(Schema.String) }),
    body: Schema.Struct({ portfolioCodeList: Schema.optional(Codes) }),
  })
  const follow = endpoint({ name: 'x.follow', method: 'POST', path: '/api/portfolio/follow/v1', body: Schema.Struct({ portfolioCodeList: Codes }) })
  const list = endpoint({ name: 'x.list', path: '/api/portfolio/list/v1', query: Schema.Struct({ userId: Schema.String }) })
  const listInBody = endpoint({ name: 'x.list', path: '/api/portfolio/list/v1', body: Schema.Struct({ userId: Schema.String }) })
  const typed = endpoint({ name: 'x.interaction', path: '/api/message/v2/interaction/{type}', query: Schema.Struct({ timestamp: Schema.optional(Schema.String) }) })

  it('fails a body field the registry takes in the query, and a query field it takes in the body', () => {
    expect(misplacedFields(read, [follow, inQuery, list, typed]).map(describeMisplaced)).toEqual([
      'DELETE /api/portfolio/follow/v1: the spec (s.txt:1) sends portfolioCodeList in the body; the registry takes it in query',
    ])
    expect(misplacedFields(read, [follow, inBoth, listInBody, typed]).map(describeMisplaced)).toEqual([
      'GET /api/portfolio/list/v1: the spec (s.txt:2) sends userId in the query; the registry takes it in body',
    ])
  })

  it('passes a registry that takes the field in both places, and endpoints the registry does not have yet', () => {
    expect(misplacedFields(read, [follow, inBoth, list, typed])).toEqual([])
    expect(misplacedFields(read, [])).toEqual([])
  })
})
