// The one page shape of the contract and the helpers that build it, on the server and in tests.
import * as Schema from 'effect/Schema'
import { CountFromString, IdFromString, IntFromString } from './common'

/**
 * A page of a list: the items and whether more follow; `total` (items in the whole list) and `page`
 * (1-based) where the list is numbered by page. Answers that carry more (a k-line's code, a
 * hotspot's head, a page count) extend `Page(item).fields`.
 */
export const Page = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    list: Schema.Array(item),
    hasMore: Schema.Boolean,
    total: Schema.optional(Schema.Number),
    page: Schema.optional(Schema.Number),
  })

/** The query of a numbered page: `page` (from 1) and `count` (1 to 100 items). */
export const PageQuery = Schema.Struct({ page: Schema.optional(IdFromString), count: Schema.optional(CountFromString) })

/** The query of a cursor page: the `timestamp` of the last item shown (older ones follow) and `count`. */
export const CursorQuery = Schema.Struct({ timestamp: Schema.optional(IntFromString), count: Schema.optional(CountFromString) })

export interface NumberedPage<T> {
  list: T[]
  hasMore: boolean
  total: number
  page: number
}

/** A numbered page: `list` is page `page` of `count` items out of `total`; more follow while page·count < total. */
export function numberedPage<T>(list: T[], at: { page: number; count: number; total: number }): NumberedPage<T> {
  return { list, hasMore: at.page * at.count < at.total, total: at.total, page: at.page }
}

/** An empty numbered page. */
export const emptyPage = <T>(): NumberedPage<T> => ({ list: [], hasMore: false, total: 0, page: 1 })

/**
 * A cursor page from `count + 1` fetched rows: the first `count` are shown, the extra one only says
 * that more follow. With `cursorOf` (the row's timestamp, the contract's cursor: the next page asks
 * for what is older than the last row shown), a page that would end inside one second ends before
 * it, so the rows of that second come whole on the next page — cut in two, the next page's
 * "older than" would skip the rest. A page that is one second throughout is shown as it is.
 */
export function cursorPage<T>(rows: readonly T[], count: number, cursorOf?: (row: T) => number): { list: T[]; hasMore: boolean } {
  let end = Math.min(count, rows.length)
  if (cursorOf && rows.length > count) {
    const split = cursorOf(rows[count]!)
    let cut = end
    while (cut > 0 && cursorOf(rows[cut - 1]!) === split) cut--
    if (cut > 0) end = cut
  }
  return { list: rows.slice(0, end), hasMore: rows.length > count }
}
