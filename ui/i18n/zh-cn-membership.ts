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
}
