// /subject: the subjects (spec 000 §7: /api/subjects), with the reader's followed ones when signed in.
import { Link } from 'wouter'
import type { Subject } from '../../../core/api/reading-columns'
import { useColumnsApi } from './api'
import { useServices } from '../../services'
import { formatBigNumber } from '../../../core/format/big-number'
import { useSession } from '../../common/session'
import { ListFooter } from '../../content/article-list'
import { panel, panelTitle } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { Img } from '../../common/img'
import { t } from '../../i18n/i18n'
import { cardBody, cardBox, grid, muted } from './parts'
import '../../i18n/texts/columns'
import { forReader, usePages, useRead } from '../../common/use-read'

function SubjectCard({ subject }: { subject: Subject }) {
  const { lang } = useServices()
  const href = `/subject/${subject.id}`
  return (
    <li className={cardBox} data-testid="subject-card">
      <Link href={href} tabIndex={-1} aria-hidden="true">
        <Img src={subject.coverUrl} alt="" width={260} height={120} />
      </Link>
      <div className={cardBody}>
        <h3>
          <Link href={href}>{subject.title}</Link>
        </h3>
        <p>{subject.brief}</p>
        <div className={muted}>
          {subject.isHot ? <strong>{t('columns.subject.hot')}</strong> : null}
          <span>{t('columns.subject.followCount', { n: formatBigNumber(subject.followCount, lang) })}</span>
          <span>{t('columns.subject.contentCount', { n: subject.contentCount })}</span>
        </div>
      </div>
    </li>
  )
}

function MyFollowed({ userId }: { userId: number }) {
  const api = useColumnsApi()
  const items: readonly Subject[] = useRead(forReader(api.followedSubjects(), userId)).data?.list ?? []
  if (!items.length) return null
  return (
    <section className={panel} style={{ marginBottom: 16 }}>
      <h2 className={panelTitle}>{t('columns.subject.myFollowed')}</h2>
      <ul className={grid} aria-label={t('columns.subject.myFollowed')}>
        {items.map((s) => (
          <SubjectCard key={s.id} subject={s} />
        ))}
      </ul>
    </section>
  )
}

export default function SubjectsPage() {
  const api = useColumnsApi()
  const { user } = useSession()
  usePageTitle(t('columns.subject.title'))
  const subjects = usePages(api.subjects())
  return (
    <>
      {user ? <MyFollowed userId={user.id} /> : null}
      <section className={panel}>
        <h1 className={panelTitle}>{t('columns.subject.title')}</h1>
        {subjects.items.length ? (
          <ul className={grid} aria-label={t('columns.subject.title')}>
            {subjects.items.map((s) => (
              <SubjectCard key={s.id} subject={s} />
            ))}
          </ul>
        ) : null}
        <ListFooter list={subjects} />
      </section>
    </>
  )
}
