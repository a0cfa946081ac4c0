// The financial circles' API module (issue 27; design.md 'App state and the API layer'): every read and
// write the circle pages make, from the HTTP port, on the contract of core/api/circles.ts and
// core/api/circle-extras.ts. Views take it through useCirclesApi(); reads go through the one read helper.
import { fromPromise } from 'xstate'
import type { HttpPort } from '../../core/api/http-port'
import type { ResultOf } from '../../core/api/endpoint'
import * as circles from '../../core/api/circles'
import type { CircleDynamic, CircleSummary } from '../../core/api/circles'
import type { CircleType } from '../../core/circles/limits'
import { COMPLAIN_REASONS, complain, riskTips, violationDetail, violationOf } from '../../core/api/interaction'
import * as social from '../../core/api/circle-social'
import type { CircleComment } from '../../core/api/circle-social'
import { uploadFile } from '../../core/api/uploads'
import { searchStock } from '../../core/api/search'
import { searchByName } from '../../core/api/portfolio'
import { firstCalls } from '../../core/api/first-screen'
import { CIRCLE_SEARCH_COUNT, CIRCLE_CONTENT_COUNT, ASK_QUESTION_USERS_PAGE_SIZE, CIRCLE_COMMENTS_PAGE } from '../../core/circles/limits'
import { circlePostBoxMachine } from '../../core/posting/circle-post-box.machine'
import type { CircleDraftBody } from '../../core/posting/circle-post'
import type { RiskCategory } from '../../core/posting/draft-steps'
import { draftUploader } from '../common/draft-upload'
import { useApi } from '../common/use-api'
import { endpointRead, lazyRead, numberedPages, type PagedRead, type Read } from '../common/use-read'

/** A complaint's reason (spec 000 §7 POST /api/user/complain/{type}/v1). */
export type ComplainReason = (typeof COMPLAIN_REASONS)[number]

/** What a circle's moments list shows: all, or only the essence ones; questions answered or waiting. */
export type ContentKind = 'all' | 'essence' | 'answered' | 'unanswered'

/** A stock or portfolio a moment references: its code (refContents) and what the chip shows. */
export interface Ref {
  readonly code: string
  readonly name: string
}
/** hits a reference search shows (ours) */
const REF_HITS = 6

type RecommendedUser = ResultOf<typeof circles.recommendUsers>['list'][number]

export function circlesApi(http: HttpPort) {
  return {
    // --- /chiefCircle and the lists ---------------------------------------------------------------
    /** the recommended circles (spec 001 §7 GET /api/vips/recommend/financial-circle/v1); the first page is inlined on /chiefCircle */
    recommendedCircles: (): PagedRead<CircleSummary> => ({
      key: firstCalls.circleRecommend(1),
      keyOf: (c) => c.id,
      loadPage: ({ page }, signal) => lazyRead(http, async () => circles.recommendCircles, firstCalls.circleRecommend(page)).load(signal),
    }),
    /** the advisers recommended beside them (GET /api/vips/recommend/v1), inlined on /chiefCircle */
    recommendedVips: () => lazyRead(http, async () => circles.vipsRecommend, firstCalls.circleVips()),
    /** the recommendation page's users tab (GET /api/vips/recommend/user/v1) */
    recommendedUsers: () => numberedPages(http, circles.recommendUsers, (page) => ({ query: { page } }), (u: RecommendedUser) => u.id),
    /** the reader's joined circles grouped by type with unread counts (GET /api/financial-circle/joined) */
    joined: () => endpointRead(http, circles.joinedCircles),
    /** spec 001 §7, §9: circle search, count 10 */
    search: (keyword: string) =>
      numberedPages(http, circles.circleSearch, (page) => ({ query: { keyword, page, count: CIRCLE_SEARCH_COUNT } }), (c: CircleSummary) => c.id),
    /** circles of one type, newest first (GET /api/moment/v1) */
    circlesOfType: (type: CircleType) => numberedPages(http, circles.momentList, (page) => ({ query: { type, page } }), (c: CircleSummary) => c.id),

    // --- one circle --------------------------------------------------------------------------------
    /** the intro with the reader's access (everyone; the guest's is inlined on the detail page) */
    intro: (id: number) => lazyRead(http, async () => circles.momentIntro, firstCalls.circleIntro(id)),
    /** the detail (tags, topics, question counts): readers of the circle */
    detail: (id: number) => endpointRead(http, circles.momentDetail, { params: { id } }),
    /** the tags the reader may put on a moment */
    sendableTags: (id: number) => endpointRead(http, circles.sendableTags, { params: { id } }),
    /** the moments, pinned first, of a tag and a kind */
    content: (id: number, tagId: number | null, kind: ContentKind): PagedRead<CircleDynamic> =>
      numberedPages(
        http,
        circles.momentContent,
        (page) => ({ params: { id }, query: { page, count: CIRCLE_CONTENT_COUNT, ...(tagId === null ? {} : { tagId }), ...(kind === 'all' ? {} : { kind }) } }),
        (d: CircleDynamic) => d.dynamicId,
      ),
    /** whom a member may ask (spec 001 §7: page size 5) — a read carried by a POST */
    askUsers: (momentId: number): Read<ResultOf<typeof circles.askQuestionUsers>> => ({
      key: { endpoint: circles.askQuestionUsers.name, params: { momentId }, as: 'page1' },
      load: (signal) => http.call(circles.askQuestionUsers, { body: { momentId, page: 1, pageSize: ASK_QUESTION_USERS_PAGE_SIZE } }, { signal }),
    }),
    showTags: (momentId: number) => endpointRead(http, circles.dynamicSummaryShowTags, { query: { momentId } }),
    summary: (momentId: number, tagId: number | null) => endpointRead(http, circles.dynamicSummary, { query: { momentId, ...(tagId === null ? {} : { tagId }) } }),
    commentSummary: (dynamicId: number) => endpointRead(http, circles.commentSummary, { params: { id: dynamicId } }),
    /** one moment (the comment page's head): readers of its circle */
    dynamic: (dynamicId: number) => endpointRead(http, social.circleDynamicDetail, { params: { id: dynamicId } }),
    /** its comments, newest first, with the reader's likes */
    comments: (dynamicId: number): PagedRead<CircleComment> =>
      numberedPages(http, social.circleComments, (page) => ({ params: { id: dynamicId }, query: { page, count: CIRCLE_COMMENTS_PAGE } }), (c: CircleComment) => c.id),
    /** the reader's violation on their own moment or comment (null when none), and a violation by id */
    violationOf: (source: 'circleDynamic' | 'circleComment', refId: number) => endpointRead(http, violationOf, { params: { source, refId } }),
    violation: (id: number) => endpointRead(http, violationDetail, { params: { id } }),

    // --- writes (the view invalidates 'moment.' and 'financialCircle.' after each) ------------------
    join: (momentId: number) => http.call(circles.momentJoin, { body: { momentId } }),
    setTop: (momentId: number, dynamicId: number, top: boolean) => http.call(circles.momentContentTop, { params: { id: momentId }, body: { dynamicId, top, momentId } }),
    setEssence: (momentId: number, dynamicId: number, essence: boolean) =>
      http.call(circles.momentContentEssence, { params: { id: momentId }, body: { dynamicId, essence, momentId } }),
    ignore: (dynamicId: number) => http.call(circles.dynamicIgnore, { body: { dynamicId } }),
    likeComment: (id: number, on: boolean) => http.call(on ? social.circleCommentLike : social.circleCommentUnlike, { params: { id } }),
    deleteComment: (id: number) => http.call(social.circleCommentDelete, { params: { id } }),
    /** 举报 a moment or a comment (spec 001 §7 POST /api/user/complain/{type}/v1) */
    complain: (type: 'circleDynamic' | 'circleComment', id: number, reason: ComplainReason) => http.call(complain, { params: { type }, body: { id, reason } }),

    /** the post box, question form and answer box (core/posting/circle-post-box.machine.ts) with its side effects */
    postBox: () =>
      circlePostBoxMachine.provide({
        actors: {
          loadRiskTips: fromPromise<readonly RiskCategory[]>(async () => (await http.call(riskTips)).map((r) => ({ id: r.id, name: r.name }))),
          uploadAttachment: draftUploader(http, uploadFile),
          submit: fromPromise<unknown, CircleDraftBody>(({ input }) => http.call(circles.reviewSubmit, { body: input })),
        },
      }),
    /** stocks to reference, by code or name (spec 000 §7 stock search): a read keyed by the keyword */
    stockRefs: (keyword: string): Read<readonly Ref[]> => ({
      key: { ...endpointRead(http, searchStock, { query: { keyword, count: REF_HITS } }).key, as: 'refs' },
      load: async (signal) =>
        (await http.call(searchStock, { query: { keyword, count: REF_HITS } }, { signal })).list.map((s) => ({ code: `${s.market.toLowerCase()}${s.code}`, name: s.name })),
    }),
    /** portfolios to reference (spec 001 §7 GET /api/search/portfolio/keyword/v1) */
    portfolioRefs: (keyword: string): Read<readonly Ref[]> => ({
      key: { ...endpointRead(http, searchByName, { query: { keyword, page: 1, count: REF_HITS } }).key, as: 'refs' },
      load: async (signal) =>
        (await http.call(searchByName, { query: { keyword, page: 1, count: REF_HITS } }, { signal })).list.map((p) => ({ code: p.portfolioCode, name: p.nameDisp || p.name })),
    }),
  }
}
export type CirclesApi = ReturnType<typeof circlesApi>

export const useCirclesApi = () => useApi(circlesApi)

