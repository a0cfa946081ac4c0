// Subjects (专题) matching a search keyword, shown on /search above the result tabs
// (spec 000 §7: /api/subject/search/v1). Nothing is shown when none matches or the call fails.
import { Link } from 'wouter'
import { formatBigNumber } from '../../core/format/big-number'
import { useServices } from '../services'
import { Highlighted } from './highlighted'
import { useSearchApi } from './api'
import { useKeywordList } from './use-keyword-list'
import { t } from '../i18n/i18n'
import { ResultStrip } from './result-strip'
import '../i18n/texts/docs'

export function SubjectStrip({ keyword }: { keyword: string }) {
  const { lang } = useServices()
  const subjects = useKeywordList(useSearchApi().relatedSubjects(keyword))
  if (!subjects.length) return null
  return (
    <ResultStrip title={t('docs.subjectResults.title')} stacked>
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
    </ResultStrip>
  )
}

