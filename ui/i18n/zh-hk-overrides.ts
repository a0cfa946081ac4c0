// Reviewed exceptions to the zh-hk conversion of zh-cn.ts (server/i18n/to-hk.ts), keyed by the dotted
// path. Each entry says why: only where one key needs what the conversion cannot say for every text.
// Hong Kong wording that holds everywhere (登入, 搜尋, 載入, 私隱 …) belongs in
// core/locale/hk-wording.ts, not here; ui/i18n/zh-hk.test.ts fails on an override the conversion
// already produces.
export const zhHkOverrides: Record<string, { text: string; why: string }> = {
  'header.langToggle': { text: '简', why: 'the toggle shows the script it switches to: simplified, not a conversion of 繁' },
  'header.langToggleLabel': { text: '切換到簡體中文', why: 'the toggle label names the other script' },
  'market.zone.hk': {
    text: '香港時間',
    why: 'issue 24: a Hong Kong reader calls the clock HKEX quotes in 香港時間, as HKEX and Hong Kong brokers print it; 北京時間 is the mainland name of the same UTC+8 (no daylight saving in either), so only the name changes',
  },
}
