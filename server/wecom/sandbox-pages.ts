// The local WeCom sandbox's login page: what login.work.weixin.qq.com's QR page (and, inside WeCom,
// the OAuth2 authorisation page) does once a member scans and confirms — here the developer picks the
// member. Plain HTML without scripts (the CSP allows none inline), served only in the local mode on
// loopback (routes.ts). It checks its parameters as WeCom does: the company, the agent, and a
// redirect_uri on the trusted domain (this server's callback).
import { escapeHtml } from '../accounts/pages'
import type { FakeMember } from '../../fixtures/wecom'

const shell = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
  `<style>body{font-family:system-ui,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f2f4f7;margin:0;color:#1f2329}` +
  `header{background:#fff;border-bottom:1px solid #e5e6eb;padding:14px 24px;font-size:15px;font-weight:600;color:#0d6ae4}` +
  `main{max-width:440px;margin:32px auto;background:#fff;border-radius:10px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.06)}` +
  `h1{font-size:19px;margin:0 0 8px}p{color:#646a73;font-size:14px;line-height:1.6}` +
  `form{margin:0}ul{list-style:none;margin:16px 0 0;padding:0;display:grid;gap:10px}` +
  `button{display:flex;align-items:center;gap:12px;width:100%;padding:12px 14px;background:#fff;border:1px solid #dee0e3;border-radius:8px;font:inherit;font-size:15px;color:#1f2329;cursor:pointer;text-align:left}` +
  `button:hover,button:focus-visible{border-color:#0d6ae4;background:#f0f6ff;outline:none}` +
  `.av{flex:none;width:36px;height:36px;border-radius:8px;background:#0d6ae4;color:#fff;display:grid;place-items:center;font-weight:600}` +
  `.pos{display:block;color:#8f959e;font-size:13px}.outsider button{justify-content:center;color:#646a73;font-size:13px;border-style:dashed}</style></head>` +
  `<body><header>企业微信 · 本地模拟</header><main>${body}</main></body></html>`

export interface SandboxLogin {
  kind: 'sso' | 'oauth2'
  state: string
  redirectUri: string
  corpName: string
  csrf: string
}

export function wecomSandboxLoginPage(login: SandboxLogin, members: readonly FakeMember[]): string {
  const hidden =
    `<input type="hidden" name="state" value="${escapeHtml(login.state)}">` +
    `<input type="hidden" name="redirect_uri" value="${escapeHtml(login.redirectUri)}">` +
    `<input type="hidden" name="csrf" value="${escapeHtml(login.csrf)}">`
  const items = members
    .map(
      (m) =>
        `<li><form method="post" action="/oauth-local/wecom/confirm">${hidden}<input type="hidden" name="userid" value="${escapeHtml(m.userid)}">` +
        `<button type="submit" data-userid="${escapeHtml(m.userid)}"><span class="av" aria-hidden="true">${escapeHtml(m.name.slice(0, 1))}</span>` +
        `<span>以「${escapeHtml(m.name)}」确认登录<span class="pos">${escapeHtml(m.position)}</span></span></button></form></li>`,
    )
    .join('')
  const outsider =
    `<li class="outsider"><form method="post" action="/oauth-local/wecom/confirm">${hidden}<input type="hidden" name="userid" value="">` +
    `<button type="submit">用非企业成员的个人微信扫码</button></form></li>`
  const lead =
    login.kind === 'sso'
      ? '这是本地开发用的模拟页，代替企业微信的扫码登录页：选择一位企业成员，相当于用他的企业微信扫码并确认。'
      : '这是本地开发用的模拟页，代替企业微信内打开网页时的授权：选择一位企业成员，相当于他在企业微信里打开了本站。'
  return shell(
    '企业微信登录',
    `<h1>登录「港美汇」</h1><p>${escapeHtml(login.corpName)} · ${lead}</p><ul>${items}${outsider}</ul>`,
  )
}

/** WeCom's own error page for a request it refuses (a wrong company, agent or redirect_uri). */
export function wecomSandboxErrorPage(reason: string): string {
  return shell('参数错误', `<h1>参数错误</h1><p>${escapeHtml(reason)}</p>`)
}
