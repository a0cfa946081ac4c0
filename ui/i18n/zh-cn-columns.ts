// zh-cn strings of columns, albums, subjects and hotspots. Merged into zh-cn.ts under 'columns'; zh-hk is generated (npm run i18n:gen).
export const columns = { title: '专栏' } as const
