// Routes of the reading 'docs' part (deep reports, named documents and agreements, news pages and the home extras); registered by server/reading/routes.ts.
import * as docs from '../../../core/api/reading-docs'
import type { RegisterFeature } from '../../feature'
import { route } from '../../http/route'
import { documentByName, routeAgreements } from './documents'
import { freeReports, payReports, reportDetail, RESEARCH_PAGE_SIZE } from './research'
import { NEWS_PAGE_SIZE, newsFilterList } from './news-filter'
import { localiseToHk, TEXT_FIELDS, type ContentLang } from '../../i18n/to-hk'

/** Text fields of this part that the shared zh-hk list does not know: document blocks and report bylines. */
const DOC_TEXT_FIELDS: ReadonlySet<string> = new Set([...TEXT_FIELDS, 'text', 'institution', 'analyst', 'rating'])
const localise = async <T>(lang: ContentLang, value: Promise<T>): Promise<T> => (lang === 'zh-hk' ? (localiseToHk(await value, DOC_TEXT_FIELDS) as T) : value)

export const registerReadingDocs: RegisterFeature = (app, { db }) => {
  route(app, docs.documentByName, ({ params, lang }) => localise(lang, documentByName(db, params.name)))
  route(app, docs.routeAgreements, ({ params, lang }) => localise(lang, routeAgreements(db, params.id)))
  route(app, docs.freeResearchReports, ({ params, query, lang }) =>
    localise(lang, freeReports(db, params.groupId, { page: query.page ?? 1, count: query.count ?? RESEARCH_PAGE_SIZE }, lang)),
  )
  route(app, docs.payResearchReports, ({ params, query, lang }) =>
    localise(lang, payReports(db, params.groupId, { before: query.createTimestamp, count: query.count ?? RESEARCH_PAGE_SIZE }, lang)),
  )
  route(app, docs.rssDetail, ({ query, lang }) => localise(lang, reportDetail(db, query.id, lang)))
  route(app, docs.newsFilterList, ({ query, lang }) =>
    newsFilterList(db, { page: query.page ?? 1, count: query.count ?? NEWS_PAGE_SIZE, type: query.type, createDate: query.createDate }, lang),
  )
}
