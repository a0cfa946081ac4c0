// The address of a /news/page/{id} (spec 000 §2): the label filter (`type`) and 'up to this day'
// (`createDate`) in the query. A value the contract would refuse (core/api/reading-docs.ts) reads
// as no filter, so a hand-edited address still shows a page.
import * as Schema from 'effect/Schema'
import { DateString, NewsType } from '../../api/reading-docs'

export interface NewsFilter {
  /** a label's type, or 'all' */
  type: string
  /** YYYY-MM-DD, or '' for none */
  createDate: string
}

const isType = Schema.is(NewsType)
export const isNewsDate = Schema.is(DateString)

export function newsFilterOf(search: string): NewsFilter {
  const q = new URLSearchParams(search)
  const type = q.get('type') ?? 'all'
  const createDate = q.get('createDate') ?? ''
  return { type: isType(type) ? type : 'all', createDate: isNewsDate(createDate) ? createDate : '' }
}

export function newsPageHref(page: number, filter: NewsFilter): string {
  const q = new URLSearchParams()
  if (filter.type !== 'all') q.set('type', filter.type)
  if (filter.createDate) q.set('createDate', filter.createDate)
  const qs = q.toString()
  return `/news/page/${page}${qs ? `?${qs}` : ''}`
}
