// zh-cn strings of deep reports, named documents and agreements, news pages and the home extras. Merged into zh-cn.ts under 'docs'; zh-hk is generated (npm run i18n:gen).
export const docs = { title: '深度' } as const
