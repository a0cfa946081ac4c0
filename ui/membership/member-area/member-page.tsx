// The member area's one page template (spec 001 §2 'Member area'; issue 25): every member page is a
// banner across the window (the member and privilege layouts of spec 000 §2 are full width) with the
// page's title, its words and an aside, then the area's links beside the page's sections, each a card.
// Lists of articles, with the reader's lock as the server gives it, are one list too. Pages say what
// they show; the frame, the cards, the loading and failed states and the lists look the same everywhere.
import { useId, type ReactNode } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { Failed, Loading } from '../../common/status'
import { usePageTitle } from '../../common/page-title'
import type { ReadResult } from '../../common/use-read'
import { t, type TranslationKey } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/memberArea'
import { cardLook, plainListLook } from '../../styles/looks'

const band = css`
  background: ${tokens.footerBg};
  color: ${tokens.footerText};
  > div {
    max-width: ${tokens.pageWidth};
    margin: 0 auto;
    padding: 32px 16px;
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 24px;
  }
  h1 { margin: 0 0 6px; font-size: 26px; color: ${tokens.onBrand}; }
  p { margin: 4px 0 0; line-height: 1.7; }
  .state { text-align: right; flex: none; }
  .state strong { display: block; color: ${tokens.onBrand}; font-size: 16px; }
  .state img { vertical-align: -3px; margin-right: 6px; }
  a { color: ${tokens.onBrand}; }
  &[data-tone='blackGold'] { background: ${tokens.blackGoldBg}; }
  &[data-tone='blackGold'] h1 { color: ${tokens.blackGold}; }
  &[data-tone='blackGold'] .state a { color: ${tokens.blackGold}; }
`
const frame = css`
  max-width: ${tokens.pageWidth};
  margin: 0 auto;
  padding: 20px 16px 40px;
  display: flex;
  gap: 20px;
  align-items: flex-start;
  > nav { width: 200px; flex: none; background: ${tokens.card}; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: 12px 0; position: sticky; top: 72px; }
  > nav a { display: block; padding: 10px 20px; color: ${tokens.text}; text-decoration: none; font-size: 14px; }
  > nav a[aria-current='page'] { color: ${tokens.brand}; background: ${tokens.brandTint}; font-weight: 600; }
  > nav a:hover { color: ${tokens.brand}; }
  > .content { flex: 1; min-width: 0; }
`
export const card = css`
  ${cardLook}
  padding: 20px 24px;
  margin-bottom: 16px;
  h2 { margin: 0 0 14px; font-size: 18px; }
  p { line-height: 1.7; color: ${tokens.textSecondary}; margin: 6px 0; }
  &[data-centered] { text-align: center; padding: 48px 24px; }
`
const rows = css`
  ${plainListLook}
  li { padding: 12px 0; border-bottom: 1px solid ${tokens.border}; display: flex; gap: 12px; align-items: baseline; }
  li:last-child { border-bottom: 0; }
  .body { flex: 1; min-width: 0; }
  a.title { color: ${tokens.text}; font-weight: 600; text-decoration: none; }
  a.title:hover { color: ${tokens.brand}; }
  .meta { margin-top: 4px; font-size: 12px; color: ${tokens.textMuted}; }
  .summary { margin: 4px 0 0; font-size: 13px; color: ${tokens.textSecondary}; line-height: 1.6; }
  .badge { flex: none; font-size: 12px; padding: 2px 8px; border-radius: 10px; background: ${tokens.warnBg}; color: ${tokens.warn}; }
  .badge[data-open] { background: ${tokens.card}; border: 1px solid ${tokens.border}; color: ${tokens.textMuted}; }
  .action { flex: none; font-size: 12px; color: ${tokens.link}; text-decoration: none; }
`
export const pills = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 12px;
  a { padding: 4px 14px; border: 1px solid ${tokens.border}; border-radius: 14px; color: ${tokens.text}; text-decoration: none; font-size: 13px; }
  a[aria-current='page'] { border-color: ${tokens.brand}; color: ${tokens.brand}; }
`

/** The member area's links (the side panel of every member page). */
export const MEMBER_LINKS: readonly { href: string; key: TranslationKey }[] = [
  { href: '/member', key: 'memberArea.title' },
  { href: '/member/privilege', key: 'memberArea.privilege' },
  { href: '/member/privilegeintro', key: 'memberArea.privilegeIntro' },
  { href: '/member/type', key: 'memberArea.articles' },
  { href: '/member/column', key: 'memberArea.column' },
  { href: '/member/coreCapital', key: 'memberArea.coreCapital' },
  { href: '/member/blackgold-intro', key: 'memberArea.blackgold' },
  { href: '/member/usualQuestion', key: 'memberArea.usualQuestion' },
  { href: '/user/member', key: 'memberArea.userMember' },
]

export type Tone = 'member' | 'blackGold'

/**
 * A member page: the banner (title as the page's h1 and its document title, words under it, an aside
 * on the right), the area's links with `current` marked, and the page's sections.
 */
export function MemberPage({ current, title, intro, aside, tone = 'member', children }: { current: string; title: string; intro?: ReactNode; aside?: ReactNode; tone?: Tone; children?: ReactNode }) {
  usePageTitle(title)
  return (
    <>
      <header className={band} data-tone={tone} data-testid="member-banner">
        <div>
          <div>
            <h1>{title}</h1>
            {intro}
          </div>
          {aside}
        </div>
      </header>
      <div className={frame}>
        <nav aria-label={t('memberArea.links')}>
          {MEMBER_LINKS.map((l) => (
            <Link key={l.href} href={l.href} aria-current={l.href === current ? 'page' : undefined}>
              {t(l.key)}
            </Link>
          ))}
        </nav>
        <div className="content">{children}</div>
      </div>
    </>
  )
}

/** A section of a member page: a card, headed by `title` (h2) or named by `label`. */
export function MemberSection({ title, label, centered = false, children }: { title?: string; label?: string; centered?: boolean; children: ReactNode }) {
  const id = useId()
  return (
    <section className={card} aria-labelledby={title ? id : undefined} aria-label={title ? undefined : label} data-centered={centered ? '' : undefined}>
      {title ? <h2 id={id}>{title}</h2> : null}
      {children}
    </section>
  )
}

/** A read's three states (useRead's): loading, failed with 重试, or its data drawn. */
export function Loaded<T>({ load, rows = 3, children }: { load: ReadResult<T>; rows?: number; children: (data: T) => ReactNode }) {
  if (load.status === 'loading') return <Loading rows={rows} />
  if (load.status === 'failed') return <Failed message={load.message ?? null} onRetry={load.reload} />
  return <>{children(load.data)}</>
}

/** One row of an article list: where it opens, its words, and a badge and an action on the right. */
export interface ArticleRow {
  key: number | string
  href: string
  title: string
  summary?: string
  meta: string
  /** the reader's lock (locked: the free part only) or a plain tag */
  badge?: { text: string; open?: boolean }
  /** what unlocks it, when locked */
  action?: { href: string; text: string }
}

/** An article list (ordered for an album's articles), or 暂无文章 when empty. */
export function ArticleRows({ items, label, ordered = false, empty }: { items: readonly ArticleRow[]; label: string; ordered?: boolean; empty?: string }) {
  if (items.length === 0) return <p>{empty ?? t('memberArea.more.noArticles')}</p>
  const lis = items.map((r) => (
    <li key={r.key}>
      <div className="body">
        <Link className="title" href={r.href}>{r.title}</Link>
        {r.summary ? <p className="summary">{r.summary}</p> : null}
        <div className="meta">{r.meta}</div>
      </div>
      {r.badge ? <span className="badge" data-open={r.badge.open ? '' : undefined}>{r.badge.text}</span> : null}
      {r.action ? <Link className="action" href={r.action.href}>{r.action.text}</Link> : null}
    </li>
  ))
  return ordered ? <ol className={rows} aria-label={label}>{lis}</ol> : <ul className={rows} aria-label={label}>{lis}</ul>
}

/** The lock badge of a member article or an album's article. */
export const lockBadge = (locked: boolean): ArticleRow['badge'] => (locked ? { text: t('memberArea.more.locked') } : { text: t('memberArea.more.unlocked'), open: true })
