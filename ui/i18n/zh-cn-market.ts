// zh-cn strings of market data and the watchlist. Merged into zh-cn.ts; zh-hk is generated (npm run i18n:gen).
export const market = { title: '行情' } as const
