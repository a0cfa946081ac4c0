// Server-rendered pages of the local defaults: the WeChat 'phone' page that a QR code opens, and
// the dev outbox. Plain HTML, no scripts (the CSP allows none inline).

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

const shell = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
  `<style>body{font-family:system-ui,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#ededed;margin:0;color:#222}` +
  `main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}` +
  `h1{font-size:20px;margin:0 0 8px}p{color:#666;font-size:14px}label{display:block;margin:14px 0 4px;font-size:14px}` +
  `input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:6px;font-size:15px}` +
  `button{margin-top:20px;width:100%;padding:12px;background:#07c160;color:#fff;border:0;border-radius:6px;font-size:16px;cursor:pointer}` +
  `table{width:100%;border-collapse:collapse;font-size:13px}td,th{border-bottom:1px solid #eee;padding:6px;text-align:left}</style></head>` +
  `<body><main>${body}</main></body></html>`

export function wechatScanPage(state: string, live: boolean, csrf: string): string {
  if (!live) return shell('二维码已失效', '<h1>二维码已失效</h1><p>请回到电脑上刷新二维码后重新扫码。</p>')
  const wxid = `wx_${state.slice(0, 8)}`
  return shell(
    '微信登录确认',
    `<h1>微信登录确认（本地模拟）</h1><p>你正在用微信登录「港美汇」网页版。这是本地开发用的模拟授权页，代替真实的微信扫码。</p>` +
      `<form method="post" action="/oauth-local/wechat/confirm">` +
      `<input type="hidden" name="state" value="${escapeHtml(state)}"><input type="hidden" name="csrf" value="${escapeHtml(csrf)}">` +
      `<label for="wxid">微信号</label><input id="wxid" name="wxid" value="${escapeHtml(wxid)}" required pattern="[A-Za-z][-_A-Za-z0-9]{3,39}">` +
      `<label for="nick">微信昵称</label><input id="nick" name="nick" value="微信用户" maxlength="40">` +
      `<button type="submit">确认登录</button></form>`,
  )
}

export function wechatConfirmedPage(ok: boolean): string {
  return ok
    ? shell('已确认登录', '<h1>已确认登录</h1><p>请回到电脑上继续操作。</p>')
    : shell('二维码已失效', '<h1>二维码已失效</h1><p>请回到电脑上刷新二维码后重新扫码。</p>')
}

export function outboxPage(messages: { channel: string; target: string; text: string; createdAt: number }[]): string {
  const rows = messages
    .map((m) => `<tr><td>${m.channel === 'sms' ? '短信' : '邮件'}</td><td>${m.target}</td><td>${m.text}</td><td>${new Date(m.createdAt).toLocaleString('zh-CN')}</td></tr>`)
    .join('')
  return shell('发件箱（开发用）', `<h1>发件箱（开发用）</h1><p>本地短信和邮件端口“发出”的消息；生产模式下不可用。</p><table><tr><th>渠道</th><th>收件人</th><th>内容</th><th>时间</th></tr>${rows}</table>`)
}
