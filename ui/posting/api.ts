// The posting feature's API module: every call the posting views and machines make, built from the
// HTTP port (design.md 'App state and the API layer'). Views take these through usePostingApi().
import { fromPromise } from 'xstate'
import type { HttpPort } from '../../core/api/http-port'
import * as posting from '../../core/api/posting'
import type { ContentSource, ReviewStatus } from '../../core/api/posting'
import * as interaction from '../../core/api/interaction'
import { uploadDynamicPicture, uploadPostImage } from '../../core/api/uploads'
import { hotTopics, recommendPosts, type PostSummary } from '../../core/api/reading-community'
import { searchByType, searchStock } from '../../core/api/search'
import { articleEditorMachine, type LoadedDraft, type PublishArticleInput, type SaveInput } from '../../core/posting/article-editor.machine'
import { discussionDialogMachine, type PublishInput } from '../../core/posting/discussion-dialog.machine'
import type { RiskCategory } from '../../core/posting/draft-steps'
import { draftUploader } from '../common/draft-upload'
import { shareLink, shareMachine, type ShareCode, type ShareSource } from '../../core/posting/share.machine'
import type { StockRef } from '../../core/posting/discussion'
import { POSTING_MESSAGES } from '../../core/posting/limits'
import { useApi } from '../common/use-api'
import { endpointRead, forReader, type Read } from '../common/use-read'
import { requireLoginOn, type SessionActor } from '../common/session'

/** What the post page shows (a post as /api/post/{id}/v3 gives it, with the personal fields of a dynamic). */
export interface PostView extends Omit<PostSummary, 'status'> {
  readonly status: ReviewStatus
  readonly html: string
  readonly liked: boolean
  readonly favorited: boolean
  readonly commentsClosed: boolean
  readonly favCount: number
  readonly reviewMessage: string
  readonly essence: boolean
}

/** Items per page of the personal lists (our choice; the spec names none). */
const PAGE = 20
const COMMENTS_PAGE = 20
/** Drafts per page, and how many pages the editor looks through for the draft it reopens (our choices). */
const DRAFTS_PAGE = 50
const DRAFT_PAGES_MAX = 20
type ComplainReason = (typeof interaction.COMPLAIN_REASONS)[number]

/** A picked image's File, as the machine hands it back (opaque in core). */
const asBlob = (file: unknown): Blob => file as Blob

export function postingApi(http: HttpPort) {
  return {
    /** the header's dialog, its side effects from the port and the session */
    discussionDialog: (session: SessionActor) =>
      discussionDialogMachine.provide({
        actors: {
          requireLogin: fromPromise(() => requireLoginOn(session)),
          loadRiskTips: fromPromise<readonly RiskCategory[]>(async () => (await http.call(interaction.riskTips)).map((r) => ({ id: r.id, name: r.name }))),
          uploadImage: draftUploader(http, uploadDynamicPicture),
          publish: fromPromise<unknown, PublishInput>(({ input }) => http.call(posting.publishDynamic, { body: input })),
        },
      }),
    /** the long-article editor (/articleCreate/norpub.html): drafts, images, publishing */
    articleEditor: () =>
      articleEditorMachine.provide({
        actors: {
          loadDraft: fromPromise<LoadedDraft, { id: number }>(async ({ input }) => {
            // the spec reads drafts only as a list (getMyList): the draft is found there
            for (let page = 1; page <= DRAFT_PAGES_MAX; page++) {
              const answer = await http.call(posting.articleDraftList, { query: { page, count: DRAFTS_PAGE } })
              const found = answer.list.find((d) => d.id === input.id)
              if (found) return found
              if (!answer.hasMore) break
            }
            throw { statusCode: 404, message: POSTING_MESSAGES.draftNotFound }
          }),
          uploadImage: fromPromise<string, { file: unknown }>(async ({ input }) => {
            const file = asBlob(input.file)
            const answer = await http.upload(uploadPostImage, { form: [['file', file, (file as File).name ?? 'image']] })
            const url = answer.list[0]?.url
            if (!url) throw { statusCode: 500, message: '' }
            return url
          }),
          saveDraft: fromPromise<LoadedDraft, SaveInput>(({ input }) => http.call(posting.articleDraftSave, { body: { ...(input.id === null ? {} : { id: input.id }), title: input.title, tokens: input.tokens } })),
          publish: fromPromise<{ id: number }, PublishArticleInput>(({ input }) =>
            http.call(posting.articlePublish, { body: { ...(input.draftId === null ? {} : { draftId: input.draftId }), title: input.title, tokens: input.tokens } }),
          ),
        },
      }),
    drafts: (page: number) => http.call(posting.articleDraftList, { query: { page, count: DRAFTS_PAGE } }),
    deleteDraft: (id: number) => http.call(posting.articleDraftDelete, { query: { id } }),
    hotTopics: () => endpointRead(http, hotTopics),
    // --- a post and its comments
    // the community's detail: the reader's own like and favourite, a closed comment section, the author's
    // own post under review, and a long article's body as HTML from the one sanitiser
    post: (id: number): Read<PostView> => endpointRead(http, interaction.dynamicDetail, { params: { id } }),
    /** spec 000 §7 PUT /api/stock-comment/post: a discussion post on one stock */
    stockPost: (stockId: string, content: string) => http.call(interaction.stockCommentPost, { body: { content, stocks: [stockId] } }),
    relatedPosts: (postId: number) => endpointRead(http, recommendPosts, { query: { postId, count: 5 } }),
    likePost: async (id: number, on: boolean) => http.call(on ? posting.postLikeAdd : posting.postLikeDelete, { params: { id } }),
    favorite: async (source: ContentSource, id: number, on: boolean) =>
      on ? http.call(posting.favoriteAdd, { body: { source, id } }) : http.call(posting.favoriteDelete, { params: { source, id } }),
    /** the 收藏 count of an item and whether the reader holds one (the news page: its detail is the same for all) */
    favoriteState: (source: ContentSource, id: number, userId: number | null) => forReader(endpointRead(http, posting.favoriteState, { params: { source, id } }), userId),
    /** 分享 (issue 25): login, the reader's share code (POST /api/share/v2), the link to the clipboard */
    share: (session: SessionActor, copyText: (text: string) => Promise<void>) =>
      shareMachine.provide({
        actors: {
          requireLogin: fromPromise(() => requireLoginOn(session)),
          createShare: fromPromise<ShareCode, { source: ShareSource; id: number }>(async ({ input }) => {
            const r = await http.call(interaction.shareV2, { body: input })
            return { code: r.code, title: r.title }
          }),
          copyLink: fromPromise<unknown, { code: string }>(({ input }) => copyText(shareLink(window.location.origin, input.code))),
        },
      }),
    /** what a share code points to (public: a guest opens it) */
    sharePublic: (code: string) => endpointRead(http, interaction.sharePublic, { params: { code } }),
    deletePost: (id: number) => http.call(posting.deleteDynamic, { params: { id } }),
    comments: (source: ContentSource, refId: number, createTimestamp?: number) =>
      http.call(source === 'news' ? posting.commentsOfArticle : posting.commentsOfDynamic, { params: { id: refId }, query: { count: COMMENTS_PAGE, createTimestamp } }),
    comment: (source: ContentSource, refId: number, content: string, replyCommentId: number | null) =>
      http.call(posting.commentCreate, { body: { source, refId, content, replyCommentId } }),
    likeComment: (id: number, on: boolean) => http.call(on ? posting.commentLike : posting.commentUnlike, { params: { id } }),
    deleteComment: (id: number) => http.call(posting.commentDelete, { params: { id } }),
    complain: (type: 'post' | 'comment' | 'news' | 'user', id: number, reason: ComplainReason) => http.call(interaction.complain, { params: { type }, body: { id, reason } }),
    recordRead: (source: ContentSource, id: number) => http.call(interaction.recordRead, { body: { source, id } }),
    // the personal area's lists (spec 000 §7 'Account'), newest first, older than the last one shown
    myPublish: (timestamp?: number) => http.call(interaction.myPublish, { query: { count: PAGE, timestamp } }),
    myFavorites: (timestamp?: number) => http.call(interaction.myFavorites, { query: { count: PAGE, timestamp } }),
    readHistory: (timestamp?: number) => http.call(interaction.readHistory, { query: { count: PAGE, timestamp } }),
    myComments: (timestamp?: number) => http.call(interaction.myComments, { query: { count: PAGE, timestamp } }),
    commentsToMe: (timestamp?: number) => http.call(interaction.commentsToMe, { query: { count: PAGE, timestamp } }),
    searchStocks: (keyword: string): Read<StockRef[]> => {
      const read = endpointRead(http, searchStock, { query: { keyword, count: 6 } })
      return { key: { ...read.key, as: 'refs' }, load: async (signal) => (await read.load(signal)).list.map((s) => ({ code: `${s.market.toLowerCase()}${s.code}`, name: s.name })) }
    },
    /** readers to mention (@): the search results page's user tab (spec 000 §7 /api/search/{type}) */
    searchUsers: (keyword: string): Read<{ userId: number; nick: string }[]> => {
      const read = endpointRead(http, searchByType, { params: { type: 'user' }, query: { keyword, count: 6 } })
      return { key: { ...read.key, as: 'refs' }, load: async (signal) => ((await read.load(signal)).searchUser?.list ?? []).map((u) => ({ userId: u.id, nick: u.nick })) }
    },
  }
}
export type PostingApi = ReturnType<typeof postingApi>

export const usePostingApi = () => useApi(postingApi)
