// /column/columnist: the columnists with their columns.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { formatFans } from '../../../core/format/big-number'
import { useColumnsApi } from './api'
import { ListFooter } from '../../content/article-list'
import { panel, panelTitle } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { Img } from '../../common/img'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { grid, muted } from './parts'
import '../../i18n/texts/columns'
import { usePages } from '../../common/use-read'
import { frameLook } from '../../styles/looks'

const person = css`
  display: grid;
  grid-template-columns: 56px 1fr;
  gap: 12px;
  padding: 14px;
  ${frameLook}
  img {
    width: 56px;
    height: 56px;
    border-radius: 50%;
  }
  h3 {
    margin: 0 0 4px;
    font-size: 16px;
  }
  p {
    margin: 0 0 6px;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
`

export default function ColumnistsPage() {
  const api = useColumnsApi()
  usePageTitle(t('columns.columnists'))
  const people = usePages(api.columnists())
  return (
    <section className={panel}>
      <h1 className={panelTitle}>
        {t('columns.columnists')}
        <Link href="/column">{t('columns.title')}</Link>
      </h1>
      {people.items.length ? (
        <ul className={grid} aria-label={t('columns.columnists')}>
          {people.items.map((u) => (
            <li key={u.id} className={person} data-testid="columnist">
              <Img src={u.avatar} alt="" width={56} height={56} />
              <div>
                <h3>{u.nick}</h3>
                <p>{u.brief}</p>
                <div className={muted}>
                  <span>{t('columns.fans', { n: formatFans(u.fans) })}</span>
                  <span>{t('columns.articleCount', { n: u.articleCount })}</span>
                  {u.columns.map((c) => (
                    <Link key={c.id} href={`/column/page/${c.id}`}>
                      {c.name}
                    </Link>
                  ))}
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ListFooter list={people} />
    </section>
  )
}
