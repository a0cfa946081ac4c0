// Reviewed exceptions to the OpenCC Hong Kong conversion of zh-cn.ts, keyed by the dotted path.
// Each entry says why: only where the mechanical conversion is wrong for Hong Kong readers.
export const zhHkOverrides: Record<string, { text: string; why: string }> = {
  'header.langToggle': { text: '简', why: 'the toggle shows the script it switches to: simplified, not a conversion of 繁' },
  'header.langToggleLabel': { text: '切換到簡體中文', why: 'the toggle label names the other script' },
  'footer.privacy': { text: '私隱政策', why: 'Hong Kong usage is 私隱 (as in the Privacy Ordinance); OpenCC gives 隱私' },
  'header.searchPlaceholder': { text: '搜尋股票/文章/快訊', why: 'Hong Kong readers say 搜尋; OpenCC keeps the mainland 搜索' },
  'header.searchButton': { text: '搜尋', why: 'Hong Kong usage is 搜尋, not 搜索' },
  'header.signIn': { text: '登入/註冊', why: 'Hong Kong usage is 登入; OpenCC keeps the mainland 登錄' },
  'errors.forbiddenTitle': { text: '請先登入', why: 'Hong Kong usage is 登入, not 登錄' },
  'errors.forbiddenReasons.notLoggedIn': { text: '未登入', why: 'Hong Kong usage is 登入, not 登錄' },
  'reading.search.popupLabel': { text: '搜尋建議', why: 'Hong Kong usage is 搜尋, not 搜索' },
  'reading.search.history': { text: '搜尋歷史', why: 'Hong Kong usage is 搜尋, not 搜索' },
  'reading.search.noHistory': { text: '暫無搜尋歷史', why: 'Hong Kong usage is 搜尋, not 搜索' },
  'reading.search.searching': { text: '搜尋中…', why: 'Hong Kong usage is 搜尋, not 搜索' },
  'reading.search.allResults': { text: '查看全部搜尋結果', why: 'Hong Kong usage is 搜尋, not 搜索' },
  'reading.search.pageTitle': { text: '「{{keyword}}」的搜尋結果', why: 'Hong Kong usage is 搜尋, not 搜索' },
  'reading.search.noKeyword': { text: '請輸入關鍵詞搜尋', why: 'Hong Kong usage is 搜尋, not 搜索' },
}
