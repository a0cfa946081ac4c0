// zh-cn strings of hot posts, topics, tags, recommended users, trade headlines and official posts. Merged into zh-cn.ts under 'community'; zh-hk is generated (npm run i18n:gen).
export const community = { title: '社区' } as const
