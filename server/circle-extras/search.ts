// Circles in the header's search popup and on /search's circle tab (spec 000 §7 /api/searchBox/v3 and
// /api/search/financeCircle; spec 001 §9 circle searches 10): approved circles whose name or brief holds
// the keyword, traditional characters read as simplified (the circles are stored simplified), from
// server/circles' repository.
import type { FinancialCircleHit } from '../../core/api/search'

type CircleHit = typeof FinancialCircleHit.Type
import { numberedPage, type NumberedPage } from '../../core/api/page'
import type { Db } from '../db/db'
import { searchCircles } from '../circles/circles-repository'
import { normaliseKeyword } from '../reading/search'

export async function searchCircleHits(db: Db, keyword: string, at: { page: number; count: number }): Promise<NumberedPage<CircleHit>> {
  const k = normaliseKeyword(keyword)
  const { rows, total } = await searchCircles(db, k, { offset: (at.page - 1) * at.count, limit: at.count })
  return numberedPage(
    rows.map((r) => ({ id: r.id, name: r.name, avatar: r.avatar })),
    { page: at.page, count: at.count, total },
  )
}
