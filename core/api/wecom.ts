// Enterprise WeChat (WeCom) sign-in and address book. Spec 000 §7 names the two URL builders
// (/api/wxwork/sso and /api/wxwork/oauth2); the code exchange and the address book's reads behind the
// spec 001 routes /wecom/mine (client, group, group/{gid}) are ours, as WeChat's QR status call is.
// Server: server/wecom/routes.ts; the WeCom port and its adapters: server/wecom/.
import * as Schema from 'effect/Schema'
import { Seconds, Text } from './common'
import { get, post } from './endpoint'
import { WECOM_EXTERNAL_ID } from '../wecom/wecom'

/** Where WeCom's page is: the URL the browser goes to, the state it carries and how long it lives. */
export const WecomUrl = Schema.Struct({ state: Schema.String, url: Schema.String, expireSeconds: Schema.Number })

/** A member of the company (an employee), as user/get gives them. */
export const WecomMember = Schema.Struct({
  userid: Schema.String,
  name: Schema.String,
  position: Schema.String,
  avatar: Schema.String,
})
export type WecomMember = typeof WecomMember.Type

/** A client (an external contact the member added: externalcontact/get). */
export const WecomClient = Schema.Struct({
  externalUserId: Schema.String,
  name: Schema.String,
  avatar: Schema.String,
  /** WeCom's type: 1 a WeChat user, 2 a WeCom user of another company */
  kind: Schema.Literals(['wechat', 'wecom']),
  corpName: Schema.String,
  /** the member's own note on the client (follow_user.remark / description) */
  remark: Schema.String,
  description: Schema.String,
  tags: Schema.Array(Schema.String),
  /** when the member added the client (follow_user.createtime) */
  addedAt: Seconds,
})
export type WecomClient = typeof WecomClient.Type

/** A customer group (groupchat/get) as the list shows it. */
export const WecomGroupSummary = Schema.Struct({
  chatId: Schema.String,
  name: Schema.String,
  ownerName: Schema.String,
  memberCount: Schema.Number,
  /** members that are clients (type 2) */
  clientCount: Schema.Number,
  createdAt: Seconds,
})
export type WecomGroupSummary = typeof WecomGroupSummary.Type

export const WecomGroupMember = Schema.Struct({
  userid: Schema.String,
  name: Schema.String,
  /** type 1 a member of the company, 2 a client */
  kind: Schema.Literals(['member', 'client']),
  role: Schema.Literals(['owner', 'admin', 'member']),
  joinedAt: Seconds,
  /** join_scene: 1 invited directly, 2 by link, 3 by the group's QR code */
  joinScene: Schema.Literals(['invited', 'link', 'qr']),
})
export type WecomGroupMember = typeof WecomGroupMember.Type

export const WecomGroupDetail = Schema.Struct({
  ...WecomGroupSummary.fields,
  notice: Schema.String,
  members: Schema.Array(WecomGroupMember),
})
export type WecomGroupDetail = typeof WecomGroupDetail.Type

/** The page the sign-in comes back to: a path of this site (the server keeps only a safe one). */
const Redirect = Schema.Struct({ redirect: Schema.optional(Text(500)) })

/**
 * spec 000 §7: the single-sign-on URL — WeCom's QR login page (login.work.weixin.qq.com/wwlogin/sso/login),
 * or the local sandbox's. It stores a grant bound to this browser (so it changes state: our CSRF token).
 */
export const wxworkSso = get('wxwork.sso', '/api/wxwork/sso', { changesState: true, query: Redirect, result: WecomUrl })
/** spec 000 §7: the OAuth2 web-authorisation URL for a page opened inside WeCom (no scan); stores a grant like sso. */
export const wxworkOauth2 = get('wxwork.oauth2', '/api/wxwork/oauth2', { changesState: true, query: Redirect, result: WecomUrl })

/**
 * Spends the code the callback handed the page (?wwcode=): a guest is signed in (a new member gets an
 * account), a signed-in reader has the member bound to their account.
 */
export const wxworkSession = post('wxwork.session', '/api/wxwork/session', {
  body: Schema.Struct({ code: Schema.String.check(Schema.isPattern(/^[-_A-Za-z0-9]{1,128}$/)) }),
  result: Schema.Struct({ action: Schema.Literals(['signedIn', 'registered', 'bound']), member: WecomMember }),
})

/** The signed-in reader's WeCom member (null until they sign in with WeCom) and the company's name. */
export const wxworkMine = get('wxwork.mine', '/api/wxwork/mine', {
  result: Schema.Struct({ corpName: Schema.String, member: Schema.NullOr(WecomMember) }),
})
/** spec 001 /wecom/mine/client: the member's clients. */
export const wxworkClients = get('wxwork.clients', '/api/wxwork/clients', { result: Schema.Struct({ list: Schema.Array(WecomClient) }) })
/** spec 001 /wecom/mine/group: the customer groups the member owns. */
export const wxworkGroups = get('wxwork.groups', '/api/wxwork/groups', { result: Schema.Struct({ list: Schema.Array(WecomGroupSummary) }) })
/** spec 001 /wecom/mine/group/{gid}: one of the member's customer groups with its members. */
export const wxworkGroup = get('wxwork.group', '/api/wxwork/groups/{gid}', {
  params: Schema.Struct({ gid: Schema.String.check(Schema.isPattern(WECOM_EXTERNAL_ID)) }),
  result: WecomGroupDetail,
})
