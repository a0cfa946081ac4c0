// The WeChat Pay sandbox's page (local mode, loopback only): what the payer's phone shows after scanning
// the QR — the order, and two buttons, pay or refuse. Plain HTML, no script (the CSP allows none inline).
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

export function sandboxPayPage(o: { id: string; subject: string; amount_cents: number; status: string; expire_timestamp: number }, nowMs: number, error: string | null): string {
  const expired = o.status === 'pending' && nowMs / 1000 > Number(o.expire_timestamp)
  const yuan = (Number(o.amount_cents) / 100).toFixed(2)
  const state =
    o.status === 'paid' ? '<p class="done" role="status">支付成功</p>'
    : o.status === 'failed' ? '<p class="done" role="status">已拒绝支付</p>'
    : o.status === 'refunding' || o.status === 'refunded' ? '<p class="err" role="status">已支付，但订单无法完成，款项原路退回</p>'
    : expired ? '<p class="err" role="status">二维码已过期</p>'
    : `<form method="post"><button name="action" value="pay" class="pay">确认支付 ¥${yuan}</button><button name="action" value="refuse" class="refuse">拒绝支付</button></form>`
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>微信支付（本地沙箱）</title><style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
h1{font-size:18px}.amount{font-size:32px;font-weight:bold;margin:16px 0}.pay,.refuse{display:block;width:100%;padding:12px;margin:8px 0;font-size:16px;border-radius:6px;border:0;cursor:pointer}
.pay{background:#07c160;color:#fff}.refuse{background:#eee;color:#333}.err{color:#c00}.done{color:#07c160;font-weight:bold}.note{color:#666;font-size:12px}</style></head>
<body><h1>微信支付（本地沙箱）</h1><p>${esc(o.subject)}</p><p class="amount">¥${yuan}</p><p class="note">订单号 ${esc(o.id)}</p>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}${state}
<p class="note">本页面仅在本地模式、本机访问时可用，模拟手机扫码后的微信支付。</p></body></html>`
}
