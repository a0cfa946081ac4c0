// Texts of core that a view shows through i18next (so a zh-hk reader gets them converted) stay the
// very words core says: the spec's text lives in core, the key carries it to the reader's script.
import { describe, expect, it } from 'vitest'
import { DEFAULT_NOT_READY_REASON, REFRESH_PAGE_TEXT } from '../../core/chat/chat-lifecycle.machine'
import { PRICE_FAILED } from '../../core/order/order-dialog.machine'
import { MERGE_FAILED_TEXT, MERGE_SUCCESS_TEXT } from '../../core/auth/bind-merge.machine'
import { POSTING_MESSAGES } from '../../core/posting/limits'
import i18next from 'i18next'
import { coreText, initI18n, setI18nSource } from './i18n'
import { zhCn } from './zh-cn'
import { zhHk } from './zh-hk'

describe('core texts shown through i18next', () => {
  it('the chat not-ready dialog (spec 001 §4, §8)', () => {
    expect(zhCn.chat.notReadyTitle).toBe(REFRESH_PAGE_TEXT)
    expect(zhCn.chat.notReadyReason).toBe(DEFAULT_NOT_READY_REASON)
    expect(zhHk.chat.notReadyTitle).toBe('請刷新頁面')
    expect(zhHk.chat.notReadyReason).toBe('用戶登入狀態異常')
  })
  it('the texts core machines hand to views', () => {
    expect(zhCn.coreTexts).toEqual({ priceFailed: PRICE_FAILED, mergeSuccess: MERGE_SUCCESS_TEXT, mergeFailed: MERGE_FAILED_TEXT, draftNotFound: POSTING_MESSAGES.draftNotFound })
  })
  it('coreText shows a core text in the reader’s script, and any other text as it is', async () => {
    const hk = i18next.createInstance()
    await initI18n('zh-hk', hk, zhCn)
    setI18nSource(() => hk)
    expect(coreText(PRICE_FAILED)).toBe('獲取價格失敗')
    expect(coreText(MERGE_FAILED_TEXT)).toBe('合併失敗')
    expect(coreText('已在其他設備登入')).toBe('已在其他設備登入')
    const cn = i18next.createInstance()
    await initI18n('zh-cn', cn, zhCn)
    setI18nSource(() => cn)
    expect(coreText(PRICE_FAILED)).toBe(PRICE_FAILED)
  })
})
