// zh-cn strings of deep reports, named documents and agreements, news pages and the home extras. Merged into zh-cn.ts under 'docs'; zh-hk is generated (npm run i18n:gen).
export const docs = {
  title: '深度',
  terms: {
    notFound: '文档不存在',
    updated: '更新于 {{date}}',
    nav: '网站信息',
  },
  depth: {
    title: '深度研报',
    free: '免费研报',
    pay: '付费研报',
    pages: '{{n}} 页',
    price: '¥{{price}}',
    freeTag: '免费',
    rating: '评级：{{rating}}',
  },
  report: {
    notFound: '研报不存在',
    breadcrumb: '深度研报',
    byline: '{{institution}} · 分析师 {{analyst}}',
    locked: '以上为试读内容，购买后可阅读全文（共 {{pages}} 页）。',
    buy: '开通会员阅读全文',
    related: '相关研报',
    stocks: '相关股票',
    readCount: '{{n}} 阅读',
  },
  newsPage: {
    title: '资讯',
    heading: '资讯 · 第 {{page}} 页',
    date: '截至日期',
    clearDate: '清除日期',
    prev: '上一页',
    next: '下一页',
    pager: '分页',
    pageOf: '第 {{page}} / {{count}} 页，共 {{total}} 条',
    badPage: '页码不存在',
  },
} as const
