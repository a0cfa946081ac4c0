// Texts of core that a view shows through i18next (so a zh-hk reader gets them converted) stay the
// very words core says: the spec's text lives in core, the key carries it to the reader's script.
import { describe, expect, it } from 'vitest'
import { DEFAULT_NOT_READY_REASON, REFRESH_PAGE_TEXT } from '../../core/chat/chat-lifecycle.machine'
import { zhCn } from './zh-cn'
import { zhHk } from './zh-hk'

describe('core texts shown through i18next', () => {
  it('the chat not-ready dialog (spec 001 §4, §8)', () => {
    expect(zhCn.chat.notReadyTitle).toBe(REFRESH_PAGE_TEXT)
    expect(zhCn.chat.notReadyReason).toBe(DEFAULT_NOT_READY_REASON)
    expect(zhHk.chat.notReadyTitle).toBe('請刷新頁面')
    expect(zhHk.chat.notReadyReason).toBe('用户登入狀態異常')
  })
})
