// zh-cn strings of membership and purchase (issue 13). Merged into zh-cn.ts under 'membership';
// zh-hk is generated (npm run i18n:gen).
export const membership = {
  locked: {
    vipTitle: '以下为会员专享内容',
    vipText: '开通会员即可阅读全文及全部会员文章、研报。',
    columnTitle: '以下为付费专栏内容',
    columnText: '订阅专栏即可阅读全文。',
    buy: '立即开通',
    buyColumn: '立即订阅',
    login: '登录后查看',
  },
  my: {
    purchase: '我的购买',
    coupon: '我的优惠券',
    noPurchase: '暂无购买记录',
    noCoupon: '暂无优惠券',
    paidAt: '支付于 {{time}}',
    guruPay: '格隆贝支付',
    wechatPay: '微信支付',
    validUntil: '有效期至 {{date}}',
    refunded: '已退款',
    couponDates: '{{start}} 至 {{end}}',
    unavailable: '不可用',
    /** the cd-key exchange of /my/coupon (issue 25; its rule's messages are core/order/cd-key.ts's) */
    cdKey: '兑换码',
    cdKeyPlaceholder: '请输入兑换码',
    exchange: '兑换',
    exchanging: '兑换中…',
    exchanged: '兑换成功，已获得「{{name}}」',
  },
}
