// zh-cn strings of reading pages and search. Merged into zh-cn.ts; zh-hk is generated (npm run i18n:gen).
export const reading = {
  title: '阅读',
  search: {
    popupLabel: '搜索建议',
    hotStocks: '热门股票',
    history: '搜索历史',
    noHistory: '暂无搜索历史',
    searching: '搜索中…',
    noResults: '没有找到相关结果',
    allResults: '查看全部搜索结果',
    groups: {
      financialCircle: '财富圈',
      stock: '股票',
      portfolio: '组合',
      post: '文章',
      live: '快讯',
    },
    pageTitle: '“{{keyword}}”的搜索结果',
    noKeyword: '请输入关键词搜索',
    tabs: {
      post: '文章',
      live: '快讯',
      financeCircle: '财富圈',
    },
    total: '共 {{n}} 条结果',
    relatedStocks: '相关股票',
  },
} as const
