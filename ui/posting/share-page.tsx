// /share/{code}: the public page of a share code (issue 25; spec 000 §7 GET /api/share/public/{code}/v1).
// Anyone may open it — a guest with no cookie at all — and sees what was shared (its title, summary,
// author, time and picture) with 阅读全文 to the post or article; a code whose content is gone says
// 分享内容不存在 (the server's message).
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { formatDateTime } from '../../core/format/date-time'
import { Img } from '../common/img'
import { Failed, Loading } from '../common/status'
import { usePageTitle } from '../common/page-title'
import { useRead } from '../common/use-read'
import { panel } from '../content/panel'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { usePostingApi } from './api'
import '../i18n/texts/posting'

const page = css`
  max-width: 720px;
  margin: 0 auto;
  article { padding: 28px 36px 32px; }
  .kind { display: inline-block; padding: 2px 10px; border-radius: 12px; background: ${tokens.brandTint}; color: ${tokens.brand}; font-size: 12px; }
  h1 { margin: 12px 0 12px; font-size: 24px; line-height: 1.4; }
  .who { display: flex; gap: 10px; align-items: center; color: ${tokens.textMuted}; font-size: 13px; }
  .who img { width: 32px; height: 32px; border-radius: 50%; object-fit: cover; }
  .who strong { color: ${tokens.text}; font-size: 14px; }
  .summary { margin: 18px 0 0; font-size: 16px; line-height: 1.8; color: ${tokens.textSecondary}; white-space: pre-wrap; word-break: break-word; }
  .picture { display: block; width: 100%; height: auto; max-height: 360px; object-fit: cover; margin-top: 18px; border-radius: 6px; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  .actions a { display: inline-flex; align-items: center; box-sizing: border-box; height: 36px; padding: 0 20px; border-radius: 18px; text-decoration: none; }
  .circle { display: flex; gap: 12px; margin-top: 18px; padding: 14px 16px; border-radius: 6px; background: ${tokens.bg}; }
  .circle img { flex: none; width: 40px; height: 40px; border-radius: 8px; object-fit: cover; }
  .circle strong { font-size: 15px; }
  .circle p { margin: 4px 0 0; font-size: 14px; line-height: 1.7; color: ${tokens.textSecondary}; white-space: pre-wrap; }
  .circle .note { color: ${tokens.textMuted}; font-size: 12px; }
  .gone { padding: 48px 24px; text-align: center; color: ${tokens.textMuted}; }
  .gone p { margin: 0 0 18px; font-size: 15px; }
  .gone a { display: inline-flex; align-items: center; }
`

export function SharePage({ code }: { code: string }) {
  const calls = usePostingApi()
  const load = useRead(calls.sharePublic(code))
  usePageTitle(load.data ? load.data.title : t('posting.share.pageTitle'))
  if (load.status === 'loading') return <section className={`${panel} ${page}`}><Loading rows={3} /></section>
  // 404 分享内容不存在 (and a malformed code, 400): nothing to show; anything else may pass on retry
  if (load.status === 'failed' && (load.statusCode === 404 || load.statusCode === 400)) {
    return (
      <div className={page}>
        <section className={`${panel} gone`} data-testid="share-gone">
          <p>{load.statusCode === 404 ? load.message : t('posting.share.notFound')}</p>
          <Link className={`${pill} ${primary}`} href="/">{t('posting.share.home')}</Link>
        </section>
      </div>
    )
  }
  if (load.status === 'failed') return <section className={`${panel} ${page}`}><Failed message={load.message} onRetry={load.reload} /></section>
  const s = load.data
  return (
    <div className={page}>
      <article className={panel} data-testid="share-page">
        <span className="kind">{t(`posting.share.${s.source}`)}</span>
        <h1>{s.title}</h1>
        <div className="who">
          {s.author.avatar ? <Img src={s.author.avatar} alt="" width={32} height={32} /> : null}
          <strong>{s.author.nick}</strong>
          <time dateTime={new Date(s.createTimestamp * 1000).toISOString()}>{formatDateTime(s.createTimestamp)}</time>
        </div>
        {s.summary ? <p className="summary">{s.summary}</p> : null}
        {s.circle ? (
          // a circle's moment: the circle's intro; the body stays in the circle (issue 27)
          <section className="circle" aria-label={t('posting.share.circleIntro')} data-testid="share-circle">
            {s.circle.avatar ? <Img src={s.circle.avatar} alt="" width={40} height={40} /> : null}
            <div>
              <strong>{s.circle.name}</strong>
              <p>{s.circle.intro || s.circle.brief}</p>
              <p className="note">{t('posting.share.circleMembersOnly')}</p>
            </div>
          </section>
        ) : null}
        {s.pictureUrls[0] ? <Img className="picture" src={s.pictureUrls[0]} alt={s.title} width={648} height={360} /> : null}
        <div className="actions">
          <Link className={`${pill} ${primary}`} href={s.url} data-testid="share-read">{t('posting.share.readAll')}</Link>
          {s.circle ? <Link className={pill} href={`/chiefCircle/detail/${s.circle.id}`}>{t('posting.share.circleOpen')}</Link> : null}
          <Link className={pill} href="/">{t('posting.share.home')}</Link>
        </div>
      </article>
    </div>
  )
}
