// Hong Kong wording (issue 24): the mainland terms that OpenCC's simplified → Hong Kong conversion
// (opencc-js 'cn' → 'hkp': characters, HK variant glyphs and OpenCC's own small HKPhrases table:
// 搜索 → 搜尋, 服务器 → 伺服器, 鼠标 → 滑鼠 …) leaves as mainland readers say them, each with the
// word Hong Kong readers use. One table for every zh-hk text: the generated client strings
// (scripts/gen-zh-hk.ts) and the server's conversion of answers and messages (server/i18n/to-hk.ts)
// both apply it, after OpenCC, by longest match.
//
// Glyphs stay OpenCC's Hong Kong standard (《常用字字形表》: 羣, 説, 裏) but one: 戶 (帳戶, 用戶, 商戶), as Hong
// Kong's banks, brokers and government write it on every account page (issue 24 asks for 帳戶); whether
// OpenCC should prefer it is an open question upstream (BYVoid/OpenCC#770).
//
// `cn` is written in simplified Chinese as zh-cn texts say it; the rule applies to what OpenCC makes
// of it. An entry whose `hk` is OpenCC's own rendering of `cn` protects a phrase from a shorter rule
// (信息科技 in a company's registered name is not 資訊科技; 贊助 keeps its 贊).

export interface HkTerm {
  /** the mainland term, simplified, as zh-cn texts write it */
  readonly cn: string
  /** what a Hong Kong reader sees instead */
  readonly hk: string
  readonly why: string
}

export const HK_WORDING: readonly HkTerm[] = [
  // --- accounts and signing in -----------------------------------------------------------------
  { cn: '登录', hk: '登入', why: 'HK says 登入 (the header already did); 登錄 is mainland' },
  { cn: '退出登录', hk: '登出', why: 'HK says 登出 for signing out' },
  { cn: '账户', hk: '帳戶', why: 'HK writes 帳戶 for accounts; 賬 is the mainland-derived form' },
  { cn: '户', hk: '戶', why: 'HK banks, brokers and government write 戶 (用戶, 商戶, 客戶), not OpenCC’s 户 glyph' },
  { cn: '账号', hk: '帳號', why: 'HK writes 帳號' },
  { cn: '账单', hk: '帳單', why: 'HK writes 帳單' },
  { cn: '手机号', hk: '手機號碼', why: 'HK says 手機號碼 (or 電話號碼); 手機號 alone is mainland shorthand' },
  { cn: '手机号码', hk: '手機號碼', why: 'protects 手機號碼 from becoming 手機號碼碼' },
  { cn: '电子邮箱', hk: '電郵地址', why: 'HK says 電郵 / 電郵地址; 郵箱 is mainland' },
  { cn: '邮箱地址', hk: '電郵地址', why: 'HK says 電郵地址' },
  { cn: '邮箱', hk: '電郵', why: 'HK says 電郵 for e-mail' },
  { cn: '短信', hk: '短訊', why: 'HK says 短訊 (SMS)' },
  { cn: '默认', hk: '預設', why: 'HK says 預設 (default)' },
  { cn: '设置', hk: '設定', why: 'HK says 設定 (settings, to set)' },
  { cn: '隐私', hk: '私隱', why: 'HK says 私隱 (Personal Data (Privacy) Ordinance: 私隱條例)' },
  { cn: '个人信息', hk: '個人資料', why: 'HK says 個人資料 (the Ordinance’s own term)' },
  { cn: '身份信息', hk: '身份資料', why: 'HK says 身份資料 for the details of an identity' },
  { cn: '实名信息', hk: '實名資料', why: 'the details a reader filled in: 資料' },
  { cn: '补充信息', hk: '補充資料', why: 'the details a reader filled in: 資料' },
  { cn: '信息', hk: '資訊', why: 'HK says 資訊 for information' },
  { cn: '信息技术', hk: '資訊科技', why: 'HK says 資訊科技 (IT)' },
  { cn: '信息科技', hk: '信息科技', why: 'protects registered company names (港美汇信息科技有限公司) from 資訊' },
  { cn: '互联网信息服务', hk: '互聯網信息服務', why: 'protects the name of a mainland licence (互联网信息服务许可证)' },

  // --- interface words -------------------------------------------------------------------------
  { cn: '加载', hk: '載入', why: 'HK says 載入 (loading); 加載 is mainland' },
  { cn: '点赞', hk: '讚好', why: 'HK says 讚好 (to like a post)' },
  { cn: '赞', hk: '讚', why: 'a like is 讚 in HK (「3 讚」, 「已讚」); OpenCC gives 贊 for 赞 alone' },
  { cn: '赞助', hk: '贊助', why: 'protects 贊助 (sponsor) from the 讚 rule' },
  { cn: '赞成', hk: '贊成', why: 'protects 贊成 (agree) from the 讚 rule' },
  { cn: '赞同', hk: '贊同', why: 'protects 贊同 (agree) from the 讚 rule' },
  { cn: '参赞', hk: '參贊', why: 'protects 參贊 (a diplomat’s title) from the 讚 rule' },
  { cn: '赞比亚', hk: '贊比亞', why: 'protects 贊比亞 (Zambia) from the 讚 rule' },
  { cn: '点击', hk: '按一下', why: 'HK interfaces say 按 / 按一下 (按此); 點擊 is mainland' },
  { cn: '创建', hk: '建立', why: 'HK says 建立 (建立羣組, 建立訂單); 創建 is mainland' },
  { cn: '打开', hk: '開啟', why: 'HK interfaces say 開啟 (a page, a link)' },
  { cn: '实时', hk: '即時', why: 'HK says 即時 (即時報價, 即時行情), as brokers and HKEX do' },
  { cn: '联系', hk: '聯絡', why: 'HK says 聯絡 (聯絡我們, 聯絡人); 聯繫 is mainland' },
  { cn: '消息', hk: '訊息', why: 'HK says 訊息 for messages and notifications (WhatsApp, Signal in zh-HK)' },
  { cn: '回复', hk: '回覆', why: 'HK writes 回覆 for a reply (OpenCC gives 回復 in some phrases)' },
  { cn: '尽快回复', hk: '盡快回覆', why: 'OpenCC gives 回復 here; a reply is 回覆' },
  { cn: '超链接', hk: '超連結', why: 'HK says 超連結 (hyperlink)' },
  { cn: '链接', hk: '連結', why: 'HK says 連結 (link); 鏈接 is mainland' },
  { cn: '搜索', hk: '搜尋', why: 'HK says 搜尋 (OpenCC’s HKPhrases already does this; listed so the test forbids 搜索)' },
  { cn: '上传', hk: '上載', why: 'HK says 上載 (upload)' },
  { cn: '视频', hk: '影片', why: 'HK says 影片 (video); 視頻 is mainland' },
  { cn: '保存', hk: '儲存', why: 'HK interfaces say 儲存 (save)' },
  { cn: '打印', hk: '列印', why: 'HK says 列印 (print)' },
  { cn: '菜单', hk: '選單', why: 'HK says 選單 (menu)' },
  { cn: '屏幕', hk: '螢幕', why: 'HK says 螢幕 (screen)' },
  { cn: '小程序', hk: '小程式', why: 'HK says 小程式 (mini program)' },
  { cn: '应用程序', hk: '應用程式', why: 'HK says 應用程式 (application)' },
  { cn: '博客', hk: '網誌', why: 'HK says 網誌 (blog)' },
  { cn: '充值', hk: '增值', why: 'HK says 增值 for topping up (as an Octopus card is)' },
  // 文件 is a file only in these phrases; elsewhere (a government 文件) it is a document, as in HK
  { cn: '文件大小', hk: '檔案大小', why: 'a file: HK says 檔案' },
  { cn: '文件类型', hk: '檔案類型', why: 'a file: HK says 檔案' },
  { cn: '文件格式', hk: '檔案格式', why: 'a file: HK says 檔案' },
  { cn: '文件名', hk: '檔案名稱', why: 'a file: HK says 檔案名稱' },
  { cn: '文件不存在', hk: '檔案不存在', why: 'a file: HK says 檔案' },
  { cn: '分享文件', hk: '分享檔案', why: 'a file: HK says 檔案' },
  { cn: '上传文件', hk: '上載檔案', why: 'a file: HK says 上載檔案' },
  { cn: '上传的文件', hk: '上載的檔案', why: 'a file: HK says 上載檔案' },
  { cn: '图片和文件', hk: '圖片和檔案', why: 'a file: HK says 檔案' },
  { cn: '表格文件', hk: '表格檔案', why: 'a spreadsheet file: HK says 檔案' },
  { cn: 'csv 文件', hk: 'csv 檔案', why: 'a file: HK says 檔案' },

  // --- punctuation -----------------------------------------------------------------------------
  // HK quotes with corner brackets. Only the double marks: ‘’ double as the English apostrophe (it’s)
  { cn: '“', hk: '「', why: 'HK quotes with corner brackets 「」, not “”' },
  { cn: '”', hk: '」', why: 'HK quotes with corner brackets 「」, not “”' },

  // --- markets ---------------------------------------------------------------------------------
  { cn: '市净率', hk: '市賬率', why: 'HK says 市賬率 (price-to-book), as HKEX and local quote sites do' },
]

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Replaces, left to right, the longest key that matches at each place with its value (text between
 * matches is kept). Keys are tried longest first, so 退出登錄 wins over 登錄.
 */
export function replaceLongest(map: ReadonlyMap<string, string>): (text: string) => string {
  const keys = [...map.keys()].filter((k) => k !== '').sort((a, b) => b.length - a.length)
  if (keys.length === 0) return (text) => text
  const pattern = new RegExp(keys.map(escapeRegExp).join('|'), 'gu')
  return (text) => text.replace(pattern, (m) => map.get(m) ?? m)
}

/**
 * The keys found in `text` by the same longest match, each once, in order of first appearance
 * (the mainland terms of a text, when the map holds the terms and their protecting phrases).
 */
export function findLongest(map: ReadonlyMap<string, string>, text: string, wanted: (key: string) => boolean): string[] {
  const keys = [...map.keys()].filter((k) => k !== '').sort((a, b) => b.length - a.length)
  if (keys.length === 0) return []
  const found = new Set<string>()
  for (const m of text.matchAll(new RegExp(keys.map(escapeRegExp).join('|'), 'gu'))) if (wanted(m[0])) found.add(m[0])
  return [...found]
}
