// The one page shape of the contract and the helpers that build it, on the server and in tests.
import * as Schema from 'effect/Schema'

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
 * that more follow.
 */
export function cursorPage<T>(rows: readonly T[], count: number): { list: T[]; hasMore: boolean } {
  return { list: rows.slice(0, count), hasMore: rows.length > count }
}
