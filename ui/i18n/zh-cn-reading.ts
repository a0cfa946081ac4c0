// zh-cn strings of reading pages and search. Merged into zh-cn.ts; zh-hk is generated (npm run i18n:gen).
export const reading = { title: '阅读' } as const
