// i18next set-up. The reader's script comes from the `lang` cookie (spec 000 §2); zh-hk
// resources load only for zh-hk readers. A change of script reloads the page (spec), so views
// read strings once through `t` and need no re-render subscription — which is why we use
// i18next directly rather than react-i18next (its ~2.3 KB gzip is budget the home page needs).
//
// The home page's JS budget (130 KB gzip) cannot carry every feature's texts, so the browser starts
// with the shell's and the account texts only; a feature's zh-cn texts are registered by the feature's
// own modules (`import '../i18n/texts/<namespace>'`, which calls `addTexts`) and so load with its
// chunk. tests/i18n-texts.test.ts proves every module that names a key of a feature namespace imports
// that namespace's texts. The server renderer passes the whole tree.
import i18next, { type i18n as I18n, type TOptions } from 'i18next'
import { base } from './zh-cn-base'
import { accounts } from './zh-cn-accounts'
import type { zhCn, Resources } from './zh-cn'
import type { Lang } from '../../core/locale/lang'

type Part = Partial<Resources>

/** Texts registered by feature modules so far (kept for an instance initialised after they load). */
const registered: Record<string, unknown> = {}

/** Registers a feature's zh-cn texts on the browser's i18next instance (ui/i18n/texts/*.ts call it). */
export function addTexts(part: Part): void {
  Object.assign(registered, part)
  if (i18next.isInitialized) i18next.addResourceBundle('zh-cn', 'translation', part, true, true)
}

/**
 * Starts `instance` in `lang`. Without `all`, zh-cn holds the entry texts and the feature texts
 * registered so far (features register theirs when they load); `all` is the whole tree (the server).
 */
export async function initI18n(lang: Lang, instance: I18n = i18next, all?: Resources): Promise<void> {
  const zh = all ?? { ...base, accounts, ...registered }
  const resources: Record<string, { translation: unknown }> = { 'zh-cn': { translation: zh } }
  if (lang === 'zh-hk') resources['zh-hk'] = { translation: (await import('./zh-hk')).zhHk }
  await instance.init({
    lng: lang,
    fallbackLng: 'zh-cn',
    resources,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
    // our codes are lower-case ('zh-cn'); without this i18next looks them up as 'zh-CN'
    lowerCaseLng: true,
    showSupportNotice: false,
  } as never)
}

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never
type Paths<T> = T extends string ? never : { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T]
export type TranslationKey = Paths<typeof zhCn>

/**
 * Which i18next instance `t` uses: the global one in the browser; the server renderer
 * (ui/server-entry.tsx) answers with the instance of the request's script, so two requests in two
 * scripts rendered at once never share one.
 */
let current: () => I18n = () => i18next
export function setI18nSource(source: () => I18n): void {
  current = source
}

/**
 * A text a core machine hands to a view, in the reader's script: one of core's own texts (listed
 * under `coreTexts` in zh-cn-base.ts) becomes its key's translation; anything else (the server's
 * messages, already in the reader's script) is shown as it is.
 */
export function coreText(text: string): string {
  for (const [key, zh] of Object.entries(base.coreTexts)) if (zh === text) return t(`coreTexts.${key as keyof typeof base.coreTexts}`)
  return text
}

/** Translate a key of ui/i18n/zh-cn.ts (typed, so a missing key fails the typecheck). */
export function t(key: TranslationKey, options?: TOptions): string {
  const instance = current()
  return (instance.t as (k: string, o?: TOptions) => string)(key, options)
}
