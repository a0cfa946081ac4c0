// Routes of the reading 'columns' part (columns, albums, subjects and hotspots); registered by server/reading/routes.ts.
import * as api from '../../../core/api/reading-columns'
import type { RegisterFeature } from '../../feature'
import { route } from '../../http/route'
import { currentUser, requireUser } from '../../accounts/session'
import { columnArticles, columnDetail, listColumnists, listColumns, selectedColumnArticles } from './columns'
import { followedSubjects, followStatus, hotspotContents, listSubjects, popularHotspots, setFollow, subjectContents, subjectDetail } from './subjects'

export const registerReadingColumns: RegisterFeature = (app, { db, clock }) => {
  const now = () => Math.floor(clock() / 1000)
  const pageOf = (q: { page?: number | undefined; count?: number | undefined }, size: number) => ({ page: q.page ?? 1, count: q.count ?? size })

  route(app, api.columnRecommend, ({ query }) => listColumns(db, 'recommend', pageOf(query, api.COLUMN_PAGE_SIZE), query.random === true))
  route(app, api.columnHot, ({ query }) => listColumns(db, 'hot', pageOf(query, api.COLUMN_PAGE_SIZE), query.random === true))
  route(app, api.columnSelected, ({ query, lang }) =>
    selectedColumnArticles(db, pageOf(query, api.COLUMN_PAGE_SIZE), query.version === '1' ? 1 : 2, now(), lang),
  )
  route(app, api.columnists, ({ query }) => listColumnists(db, pageOf(query, api.COLUMN_PAGE_SIZE * 2)))
  route(app, api.columnDetail, ({ params }) => columnDetail(db, params.id))
  route(app, api.columnArticles, ({ params, query, lang }) =>
    columnArticles(db, params.id, pageOf(query, api.CONTENT_PAGE_SIZE), query.order ?? 'desc', lang),
  )

  route(app, api.subjectList, ({ query }) => listSubjects(db, query.page ?? 1, query.limit ?? api.SUBJECT_PAGE_SIZE))
  // before /api/subjects/{id}/… so the literal paths are matched first
  route(app, api.subjectFollowStatus, async ({ query, c }) => {
    const user = await currentUser(c, db)
    return followStatus(db, user?.id ?? null, query.subjectIds.split(',').map(Number))
  })
  route(app, api.followSubject, async ({ body, c }) => {
    const user = await requireUser(c, db)
    return setFollow(db, user.id, body.subjectId, true, now())
  })
  route(app, api.unfollowSubject, async ({ query, c }) => {
    const user = await requireUser(c, db)
    return setFollow(db, user.id, query.subjectId, false, now())
  })
  route(app, api.followedSubjects, async ({ query, c }) => {
    const user = await requireUser(c, db)
    return followedSubjects(db, user.id, { page: query.page ?? 1, limit: query.limit ?? api.SUBJECT_PAGE_SIZE, isHot: query.isHot === true })
  })
  route(app, api.subjectDetail, ({ params }) => subjectDetail(db, params.id))
  route(app, api.subjectContents, ({ params, query, lang }) =>
    subjectContents(db, params.id, { isChoice: query.isChoice === true, before: query.createTimestamp, count: query.count ?? api.CONTENT_PAGE_SIZE }, lang),
  )

  route(app, api.popularHotspots, ({ query }) => popularHotspots(db, query.page ?? 1, api.HOTSPOT_PAGE_SIZE))
  route(app, api.hotspotContents, ({ params, query, lang }) =>
    hotspotContents(db, params.id, { before: query.timestamp, count: query.count ?? api.CONTENT_PAGE_SIZE }, lang),
  )
}
