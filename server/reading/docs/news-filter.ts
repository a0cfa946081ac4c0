// /api/news/filter/list (spec 000 §7: createDate, count, type; 5 s timeout): numbered pages of news,
// optionally of one label and only up to a day, with the page count for the /news/page/{id} pager.
import { numberedPage } from '../../../core/api/page'
import type { Db } from '../../db/db'
import type { ContentLang } from '../../i18n/to-hk'
import { newsByPage } from '../../content/articles'

export const NEWS_PAGE_SIZE = 20
/** Dates are days in Beijing / Hong Kong time (UTC+8). */
const UTC8_SECONDS = 8 * 3600

/** 'YYYY-MM-DD' → the first second after that day ends (UTC+8). */
export function endOfDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d + 1) / 1000 - UTC8_SECONDS
}

export async function newsFilterList(
  db: Db,
  { page, count, type, createDate }: { page: number; count: number; type?: string | undefined; createDate?: string | undefined },
  lang: ContentLang,
) {
  const before = createDate ? endOfDay(createDate) : undefined
  const { list, total } = await newsByPage(db, { page, limit: count, type, before }, lang)
  return { ...numberedPage(list, { page, count, total }), pageCount: Math.max(1, Math.ceil(total / count)) }
}
