// Group operations mirrored to Tencent Cloud Chat's server API (issue 14, production path). When the
// Tencent service is configured, the browser's client talks to Tencent directly, so the groups our
// endpoints create and change (spec 001 §7 'Group chat') must exist there too: each operation is sent
// to Tencent's REST API first and written to our database only when Tencent accepted it.
//  - REST API v4: POST {base}/v4/{service}/{command}?sdkappid=&identifier=&usersig=&random=&contenttype=json,
//    answered { ActionStatus: 'OK' | 'FAIL', ErrorCode, ErrorInfo }.
//  - The caller is the app administrator, signed with the same UserSig as users (server only).
//  - Tencent knows only accounts that signed in or were imported: owners and new members are imported
//    first (multiaccount_import, at most 100 a call; importing an existing account is harmless).
// The port (GroupMirror) keeps the service free of HTTP; the local mode has no mirror.
import { randomInt } from 'node:crypto'
import { ApiError } from '../http/api-error'
import { genUserSig, type SigKey } from './user-sig'
import { errorMessage } from '../../core/api/api-error'

export interface GroupMirror {
  createGroup(group: { groupId: string; name: string; groupType: string; ownerId: number }): Promise<void>
  addMembers(groupId: string, userIds: readonly number[]): Promise<void>
  removeMembers(groupId: string, userIds: readonly number[]): Promise<void>
  /** seconds: 0 lifts the mute; MUTE_FOREVER_SECONDS mutes for ever */
  mute(groupId: string, userId: number, seconds: number): Promise<void>
  muteAll(groupId: string, muted: boolean): Promise<void>
  setRole(groupId: string, userId: number, role: 'Admin' | 'Member'): Promise<void>
  /**
   * One-to-one messages our server sends for a user (the message helper, spec 001 §7 batch one2one):
   * with Tencent configured the readers' clients read Tencent, so the messages must be sent there.
   */
  sendC2C(fromId: number, toIds: readonly number[], message: { text: string | null; pictureUrls: readonly string[]; cloudCustomData?: string }): Promise<void>
}

/** Tencent's default REST host (the Singapore, Seoul… hosts are set with TENCENT_IM_REST_URL). */
export const TENCENT_REST_URL = 'https://console.tim.qq.com'
/** Tencent's app administrator account (their console's default name). */
export const TENCENT_ADMIN = 'administrator'
/** Our choice: a mirrored call taking longer than this fails (the user's request waits on it). */
export const TENCENT_REST_TIMEOUT_MS = 5_000
/** Our choice: the administrator's signature lives one day (it is made per call anyway). */
const ADMIN_SIG_TTL_SECONDS = 86_400

/** Tencent's limit of accounts per multiaccount_import call. */
const IMPORT_BATCH = 100
/** Tencent's limit of recipients per batchsendmsg call. */
const SEND_BATCH = 500

/** What the user sees when Tencent refuses or cannot be reached: a 502, never a 500. */
export const MIRROR_FAILED = '消息服务暂时不可用，请稍后重试'

/** Our group types → Tencent's (our chatrooms are Tencent's audio-video chat rooms). */
const tencentType = (groupType: string): string => (groupType === 'ChatRoom' ? 'AVChatRoom' : groupType)

export interface TencentRestOptions {
  readonly key: SigKey
  readonly baseUrl?: string
  readonly now: () => number
  readonly fetch?: typeof fetch
}

export function tencentGroupMirror({ key, baseUrl = TENCENT_REST_URL, now, fetch: doFetch = fetch }: TencentRestOptions): GroupMirror {
  const call = async (command: string, body: Record<string, unknown>, service = 'group_open_http_svc'): Promise<Record<string, unknown>> => {
    const seconds = Math.floor(now() / 1000)
    const url = new URL(`/v4/${service}/${command}`, baseUrl)
    url.searchParams.set('sdkappid', String(key.sdkAppId))
    url.searchParams.set('identifier', TENCENT_ADMIN)
    url.searchParams.set('usersig', genUserSig(key, TENCENT_ADMIN, ADMIN_SIG_TTL_SECONDS, seconds))
    url.searchParams.set('random', String(randomInt(0, 4_294_967_295)))
    url.searchParams.set('contenttype', 'json')
    let answer: { ActionStatus?: unknown; ErrorCode?: unknown; ErrorInfo?: unknown }
    try {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TENCENT_REST_TIMEOUT_MS),
      })
      answer = (await res.json()) as typeof answer
    } catch (error) {
      console.error(`tencent im ${command}: ${errorMessage(error)}`)
      throw new ApiError(502, MIRROR_FAILED)
    }
    if (answer.ActionStatus !== 'OK' || answer.ErrorCode !== 0) {
      console.error(`tencent im ${command}: ${String(answer.ErrorCode)} ${String(answer.ErrorInfo)}`)
      throw new ApiError(502, MIRROR_FAILED)
    }
    return answer as Record<string, unknown>
  }
  const importAccounts = async (userIds: readonly number[]) => {
    for (let i = 0; i < userIds.length; i += IMPORT_BATCH) {
      await call('multiaccount_import', { Accounts: userIds.slice(i, i + IMPORT_BATCH).map(String) }, 'im_open_login_svc')
    }
  }
  return {
    async createGroup(g) {
      await importAccounts([g.ownerId])
      await call('create_group', { Owner_Account: String(g.ownerId), Type: tencentType(g.groupType), GroupId: g.groupId, Name: g.name })
    },
    async addMembers(groupId, userIds) {
      if (userIds.length === 0) return
      await importAccounts(userIds)
      await call('add_group_member', { GroupId: groupId, MemberList: userIds.map((u) => ({ Member_Account: String(u) })) })
    },
    removeMembers: async (groupId, userIds) => {
      if (userIds.length > 0) await call('delete_group_member', { GroupId: groupId, MemberToDel_Account: userIds.map(String) })
    },
    mute: async (groupId, userId, seconds) => void (await call('forbid_send_msg', { GroupId: groupId, Members_Account: [String(userId)], MuteTime: seconds })),
    muteAll: async (groupId, muted) => void (await call('modify_group_base_info', { GroupId: groupId, MuteAllMember: muted ? 'On' : 'Off' })),
    setRole: async (groupId, userId, role) => void (await call('modify_group_member_info', { GroupId: groupId, Member_Account: String(userId), Role: role })),
    async sendC2C(fromId, toIds, message) {
      if (toIds.length === 0) return
      await importAccounts([fromId, ...toIds])
      // a text element, then each picture as an image element (Tencent's TIMImageElem by URL)
      const body = [
        ...(message.text !== null ? [{ MsgType: 'TIMTextElem', MsgContent: { Text: message.text } }] : []),
        ...message.pictureUrls.map((url, i) => ({
          MsgType: 'TIMImageElem',
          MsgContent: { UUID: `${fromId}-${Date.now()}-${i}`, ImageFormat: 255, ImageInfoArray: [{ Type: 1, Size: 0, Width: 0, Height: 0, URL: url }] },
        })),
      ]
      for (let i = 0; i < toIds.length; i += SEND_BATCH) {
        const answer = await call(
          'batchsendmsg',
          {
            SyncOtherMachine: 1,
            From_Account: String(fromId),
            To_Account: toIds.slice(i, i + SEND_BATCH).map(String),
            MsgRandom: randomInt(0, 4_294_967_295),
            MsgBody: body,
            ...(message.cloudCustomData ? { CloudCustomData: message.cloudCustomData } : {}),
          },
          'openim',
        )
        // accepted as a whole, refused per account: a reader who did not get it is a failure too
        const failed = Array.isArray(answer.ErrorList) ? answer.ErrorList.length : 0
        if (failed > 0) {
          console.error(`tencent im batchsendmsg: ${failed} of ${Math.min(SEND_BATCH, toIds.length - i)} not delivered`)
          throw new ApiError(502, MIRROR_FAILED)
        }
      }
    },
  }
}
