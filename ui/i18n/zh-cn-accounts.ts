// zh-cn strings of accounts: login, registration, the personal area. Merged into zh-cn.ts; zh-hk is generated (npm run i18n:gen).
export const accounts = { title: '我的账户' } as const
