// Enterprise WeChat (WeCom, 企业微信) sign-in and address book (spec 000 §7 '/api/wxwork/sso and
// /oauth2'; spec 001 §2 '/wecom/mine (client, group, group/{gid})', '/wecom/user-guidance'). The
// numbers and messages the server and the pages share. Framework-free.

/** A WeCom sign-in grant lives as long as a WeChat login QR: 300 s (the SSO QR's own validity). */
export const WECOM_GRANT_TTL_MS = 5 * 60_000

/** The page the WeCom pages live under, and where a sign-in comes back to by default. */
export const WECOM_HOME = '/wecom/mine'
export const WECOM_CLIENTS = '/wecom/mine/client'
export const WECOM_GROUPS = '/wecom/mine/group'
export const WECOM_GUIDANCE = '/wecom/user-guidance'
export const wecomGroupPath = (gid: string) => `/wecom/mine/group/${encodeURIComponent(gid)}`

/** Where WeCom sends the browser back with ?code&state (server/wecom/routes.ts). */
export const WECOM_CALLBACK_PATH = '/oauth/wecom/callback'
/** The query parameter the callback hands the page its code in (as WeChat's ?wxcode=). */
export const WECOM_CODE_PARAM = 'wwcode'

/** The address book shows at most this many clients and groups (one page; WeCom's list has no order we keep). */
export const WECOM_LIST_MAX = 100

/** WeCom's ids as the API gives them: userid (1–64), external_userid and chat_id (wm… / wr…, ≤ 64). */
export const WECOM_USERID = /^[-_.@A-Za-z0-9]{1,64}$/
export const WECOM_EXTERNAL_ID = /^[-_A-Za-z0-9]{1,64}$/

/**
 * Which sign-in a browser takes: inside WeCom's own in-app browser (its user agent says `wxwork`)
 * the OAuth2 web authorisation, which signs in without a scan; anywhere else the SSO QR page.
 */
export function wecomLoginKind(userAgent: string): 'oauth2' | 'sso' {
  return /\bwxwork\//i.test(userAgent) ? 'oauth2' : 'sso'
}

export const WECOM_MESSAGES = {
  /** a code that is wrong, used, expired, or from another browser */
  codeInvalid: '企业微信授权已失效，请重新登录',
  /** the WeCom member is another account's */
  bound: '该企业微信已绑定其他账号',
  /** a signed-in reader whose account has no WeCom member yet */
  notBound: '请先用企业微信登录',
  /** the group is not one of this member's customer groups */
  groupNotFound: '客户群不存在或你不在群中',
  /** WeCom itself failed (502) */
  upstream: '企业微信服务暂时不可用，请稍后再试',
  /** the person is not a member of the company (an outside WeChat user scanned) */
  notMember: '仅限企业成员使用企业微信登录',
} as const
