// The console's community pages' API module (design.md 'App state and the API layer'; issue 29): the
// reads for the one read helper and the writes, from the HTTP port (core/api/circle-admin-communities.ts).
// Views take it through useCommunityAdminApi() and never touch the port.
import type { HttpPort } from '../../../core/api/http-port'
import * as api from '../../../core/api/circle-admin-communities'
import { CONSOLE_PAGE_SIZE } from '../../../core/circle-admin/communities'
import { useApi } from '../../common/use-api'
import { endpointRead } from '../../common/use-read'

/** What invalidate() takes after a write: every read of the console's community calls. */
export const COMMUNITY_ADMIN_READS = 'circleAdmin.community.'

export type PostKind = (typeof api.POST_KINDS)[number]
export type CommunityFormBody = typeof api.CommunityForm.Type

const kw = (k: string | undefined) => (k && k.trim() ? k.trim() : undefined)

export function communityAdminApi(http: HttpPort) {
  return {
    list: (page: number, f: { keyword?: string | undefined; type?: api.AdminCommunity['type'] | undefined }) =>
      endpointRead(http, api.communityList, { query: { page, count: CONSOLE_PAGE_SIZE, keyword: kw(f.keyword), type: f.type } }),
    /** every community the reader runs (the filters' choice) */
    all: () => endpointRead(http, api.communityList, { query: { page: 1, count: 100 } }),
    summary: (momentId?: number) => endpointRead(http, api.communitySummary, { query: { momentId } }),
    users: (page: number, f: { keyword?: string | undefined; momentId?: number | undefined }) =>
      endpointRead(http, api.communityUsers, { query: { page, count: CONSOLE_PAGE_SIZE, keyword: kw(f.keyword), momentId: f.momentId } }),
    create: (body: CommunityFormBody) => http.call(api.communityCreate, { body }),

    detail: (momentId: number) => endpointRead(http, api.communityDetail, { params: { momentId } }),
    edit: (momentId: number, body: CommunityFormBody) => http.call(api.communityEdit, { params: { momentId }, body }),
    announce: (momentId: number, announcement: string) => http.call(api.communityAnnouncement, { params: { momentId }, body: { announcement } }),

    posts: (momentId: number, page: number, f: { kind: PostKind; keyword?: string | undefined }) =>
      endpointRead(http, api.communityPosts, { params: { momentId }, query: { page, count: CONSOLE_PAGE_SIZE, kind: f.kind, keyword: kw(f.keyword) } }),
    setTop: (momentId: number, dynamicId: number, top: boolean) => http.call(api.communityPostTop, { params: { momentId }, body: { dynamicId, top } }),
    setEssence: (momentId: number, dynamicId: number, essence: boolean) => http.call(api.communityPostEssence, { params: { momentId }, body: { dynamicId, essence } }),
    setPreview: (momentId: number, dynamicId: number, preview: boolean) => http.call(api.communityPostPreview, { params: { momentId }, body: { dynamicId, preview } }),
    setCommentsClosed: (momentId: number, dynamicId: number, commentsClosed: boolean) =>
      http.call(api.communityPostCommentSwitch, { params: { momentId }, body: { dynamicId, commentsClosed } }),
    answer: (momentId: number, dynamicId: number, content: string) => http.call(api.communityAnswer, { params: { momentId }, body: { dynamicId, content } }),

    comments: (momentId: number, page: number, keyword?: string) => endpointRead(http, api.communityComments, { params: { momentId }, query: { page, count: CONSOLE_PAGE_SIZE, keyword: kw(keyword) } }),
    deleteComment: (momentId: number, commentId: number) => http.call(api.communityCommentDelete, { params: { momentId, commentId } }),

    members: (momentId: number, page: number, keyword?: string) => endpointRead(http, api.communityMembers, { params: { momentId }, query: { page, count: CONSOLE_PAGE_SIZE, keyword: kw(keyword) } }),
    setMember: (momentId: number, userId: number, body: { publishable?: boolean; muted?: boolean }) => http.call(api.communityMemberSet, { params: { momentId, userId }, body }),
    removeMember: (momentId: number, userId: number) => http.call(api.communityMemberRemove, { params: { momentId, userId } }),

    tags: (momentId: number) => endpointRead(http, api.communityTags, { params: { momentId } }),
    createTag: (momentId: number, tagName: string, adminOnly: boolean) => http.call(api.communityTagCreate, { params: { momentId }, body: { tagName, adminOnly } }),
    renameTag: (momentId: number, tagId: number, tagName: string) => http.call(api.communityTagEdit, { params: { momentId, tagId }, body: { tagName } }),
    deleteTag: (momentId: number, tagId: number) => http.call(api.communityTagDelete, { params: { momentId, tagId } }),
  }
}

export type CommunityAdminApi = ReturnType<typeof communityAdminApi>
export const useCommunityAdminApi = (): CommunityAdminApi => useApi(communityAdminApi)
