// Subjects (专题) matching a search keyword, shown on /search above the result tabs
// (spec 000 §7: /api/subject/search/v1). Nothing is shown when none matches or the call fails.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { formatBigNumber } from '../../core/format/big-number'
import { useServices } from '../services'
import { Highlighted } from './highlighted'
import { useSearchApi } from './api'
import { useKeywordList } from './use-keyword-list'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import '../i18n/texts/docs'

export function SubjectStrip({ keyword }: { keyword: string }) {
  const { lang } = useServices()
  const subjects = useKeywordList(useSearchApi().relatedSubjects(keyword))
  if (!subjects.length) return null
  return (
    <nav className={strip} aria-label={t('docs.subjectResults.title')}>
      <span className={label}>{t('docs.subjectResults.title')}</span>
      {subjects.map((s) => (
        <Link key={s.id} href={`/subject/${s.id}`}>
          <strong>
            <Highlighted text={s.title} keyword={keyword} />
          </strong>
          <small>
            {t('docs.subjectResults.followers', { n: formatBigNumber(s.followCount, lang) })} · {t('docs.subjectResults.contents', { n: s.contentCount })}
          </small>
        </Link>
      ))}
    </nav>
  )
}

const strip = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin: 0 0 12px;
  a {
    display: flex;
    flex-direction: column;
    padding: 6px 12px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    color: ${tokens.text};
    font-size: 14px;
  }
  small {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`
const label = css`
  color: ${tokens.textSecondary};
  font-size: 13px;
`
