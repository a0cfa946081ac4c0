// WechatPort over WeChat Open Platform website login (网站应用微信登录):
//  QR: https://open.weixin.qq.com/connect/qrconnect?appid=APPID&redirect_uri=URI&response_type=code&scope=snsapi_login&state=STATE#wechat_redirect
//  code → GET api.weixin.qq.com/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
//       → GET api.weixin.qq.com/sns/userinfo?access_token&openid
// The redirect URI is this server's /oauth/wechat/callback (server/accounts/routes.ts), which
// checks the state and hands the code to the page as ?wxcode=.
import { UPSTREAM_MESSAGES, UpstreamError, type WechatPort } from '../ports'
import { ApiError } from '../../http/api-error'
import { ACCOUNT_MESSAGES } from '../../../core/accounts/limits'

export const WECHAT_CALLBACK_PATH = '/oauth/wechat/callback'
const API = 'https://api.weixin.qq.com'

/** WeChat's errcodes for a code that is wrong, used or expired: the person scans again. */
const BAD_CODE = new Set([40029, 40163, 41008, 42003])

export function wechatOpen(cfg: { appId: string; secret: string; publicOrigin?: string | undefined }, deps: { fetch: typeof fetch }): WechatPort {
  const getJson = async (url: string): Promise<Record<string, unknown>> => {
    let body: Record<string, unknown>
    try {
      const res = await deps.fetch(url)
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      body = (await res.json()) as Record<string, unknown>
    } catch (error) {
      throw new UpstreamError(UPSTREAM_MESSAGES.wechat, `wechat: ${(error as Error).message}`)
    }
    if (typeof body.errcode === 'number' && body.errcode !== 0) {
      if (BAD_CODE.has(body.errcode)) throw new ApiError(400, ACCOUNT_MESSAGES.wechatCodeInvalid)
      throw new UpstreamError(UPSTREAM_MESSAGES.wechat, `wechat: ${body.errcode} ${String(body.errmsg ?? '')}`)
    }
    return body
  }
  return {
    qrUrl(state, origin) {
      const q = new URLSearchParams({
        appid: cfg.appId,
        redirect_uri: `${cfg.publicOrigin ?? origin}${WECHAT_CALLBACK_PATH}`,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      })
      return `https://open.weixin.qq.com/connect/qrconnect?${q}#wechat_redirect`
    },
    async exchange(code) {
      const token = await getJson(
        `${API}/sns/oauth2/access_token?${new URLSearchParams({ appid: cfg.appId, secret: cfg.secret, code, grant_type: 'authorization_code' })}`,
      )
      if (typeof token.access_token !== 'string' || typeof token.openid !== 'string') {
        throw new UpstreamError(UPSTREAM_MESSAGES.wechat, 'wechat: access_token answer without access_token/openid')
      }
      const info = await getJson(`${API}/sns/userinfo?${new URLSearchParams({ access_token: token.access_token, openid: token.openid })}`)
      const nick = typeof info.nickname === 'string' && info.nickname.trim() ? info.nickname.trim().slice(0, 40) : '微信用户'
      const avatar = typeof info.headimgurl === 'string' && /^https?:\/\//.test(info.headimgurl) ? info.headimgurl.replace(/^http:/, 'https:') : ''
      return { openid: token.openid, nick, avatar }
    },
  }
}
