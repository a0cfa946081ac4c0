import { afterEach, describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { initI18n, t } from './i18n'

describe('i18n runtime', () => {
  afterEach(() => i18next.changeLanguage('zh-cn'))
  it('resolves zh-cn strings with interpolation', async () => {
    await initI18n('zh-cn')
    expect(t('site.title')).toBe('港美汇 - 港股美股资讯与投资者社区')
    expect(t('common.readCount', { n: '1.23万' })).toBe('1.23万 阅读')
  })
  it('resolves zh-hk strings for Hong Kong readers', async () => {
    await initI18n('zh-hk')
    expect(t('nav.news')).toBe('新聞')
    expect(t('errors.refresh')).toBe('請刷新重試')
  })
})
