// issue 16: <html lang> follows the reader's script.
import { describe, expect, it } from 'vitest'
import { langOfRequest, withHtmlLang } from './static'

describe('html lang', () => {
  it('sets, replaces or adds the attribute, keeping the others', () => {
    expect(withHtmlLang('<!doctype html><html lang="zh-CN"><head>', 'zh-HK')).toBe('<!doctype html><html lang="zh-HK"><head>')
    expect(withHtmlLang('<html><body>', 'zh-CN')).toBe('<html lang="zh-CN"><body>')
    expect(withHtmlLang("<html class='x' lang='en' dir=\"ltr\">", 'zh-HK')).toBe('<html class=\'x\' dir="ltr" lang="zh-HK">')
  })
  it('follows the cookie, and a /zh-hk path wins', () => {
    expect(langOfRequest('/', undefined)).toBe('zh-CN')
    expect(langOfRequest('/', 'zh-hk')).toBe('zh-HK')
    expect(langOfRequest('/news', 'garbage')).toBe('zh-CN')
    expect(langOfRequest('/zh-hk/news', 'zh-cn')).toBe('zh-HK')
    expect(langOfRequest('/zh-hkx', undefined)).toBe('zh-CN')
  })
})
