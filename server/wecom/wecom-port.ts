// The WeCom port (design.md 'Ports'): what the server asks enterprise WeChat. One adapter speaks
// WeCom's documented API (qyapi.ts); the local mode runs that same adapter against the sandbox's
// stand-in of the service (qyapi-fake.ts, select-wecom.ts).
import type { WecomClient, WecomGroupDetail, WecomGroupSummary, WecomMember } from '../../core/api/wecom'

export interface WecomPort {
  /** the company (corpid): members are bound per company */
  readonly corpId: string
  /** the company's name as the pages show it */
  readonly corpName: string
  /** WeCom's QR login page (wwlogin/sso/login) for `state`; `origin` is this server's */
  ssoUrl(state: string, origin: string): string
  /** WeCom's in-app OAuth2 web authorisation (connect/oauth2/authorize) for `state` */
  oauth2Url(state: string, origin: string): string
  /** The member a login code names (auth/getuserinfo, then user/get). ApiError 400 for a bad code. */
  memberByCode(code: string): Promise<WecomMember>
  /** The member's clients (externalcontact/list, then externalcontact/get each). */
  clients(userid: string): Promise<WecomClient[]>
  /** The customer groups the member owns (groupchat/list, then groupchat/get each). */
  groups(userid: string): Promise<WecomGroupSummary[]>
  /** One customer group, or null when there is none or the member is not in it. */
  group(userid: string, chatId: string): Promise<WecomGroupDetail | null>
}
