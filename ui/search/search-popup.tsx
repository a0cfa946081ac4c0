// The search popup under the header box (spec 000 §2): with an empty box, hot stocks and the
// history; with text, quick results grouped into wealth circle, stocks, portfolios, articles and
// flashes (3 per type) and a link to all results. Loaded lazily when the popup first opens.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { searchBoxMachine } from '../../core/search/search-box.machine'
import { isEmptyQuickResults, QUICK_GROUPS, type QuickResults } from '../../core/search/quick-results'
import { buildResultsUrl } from '../../core/search/search-url'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { Highlighted } from './highlighted'
import { SEARCH_POPUP_ID } from './popup-id'
import '../i18n/texts/reading'

const popup = css`
  position: absolute;
  top: 40px;
  right: 0;
  z-index: 50;
  width: 360px;
  max-height: 471px; /* spec 000 §9: popup max height 471 px */
  overflow-y: auto;
  padding: 8px 0;
  background: ${tokens.card};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  box-shadow: 0 8px 24px ${tokens.shadow};
  font-size: 13px;
  h3 {
    margin: 8px 16px 4px;
    font-size: 12px;
    font-weight: normal;
    color: ${tokens.textMuted};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li > a,
  li > button {
    display: flex;
    gap: 8px;
    width: 100%;
    padding: 6px 16px;
    border: 0;
    background: none;
    color: ${tokens.text};
    text-align: left;
    font: inherit;
    cursor: pointer;
    text-decoration: none;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    &:hover {
      background: ${tokens.bg};
    }
  }
`
const code = css`
  color: ${tokens.textMuted};
`
const note = css`
  padding: 12px 16px;
  color: ${tokens.textMuted};
`
const all = css`
  display: block;
  margin-top: 4px;
  padding: 10px 16px 4px;
  border-top: 1px solid ${tokens.border};
  color: ${tokens.brand};
  text-decoration: none;
`
const historyList = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 4px 16px !important;
  li > button {
    width: auto;
    padding: 2px 10px;
    border-radius: 12px;
    background: ${tokens.bg};
  }
`

type SearchBoxActor = ActorRefFrom<typeof searchBoxMachine>

export default function SearchPopup({ actor }: { actor: SearchBoxActor }) {
  const view = useSelector(actor, (s) =>
    s.matches({ popup: { open: 'suggestions' } })
      ? 'suggestions'
      : s.matches({ popup: { open: 'results' } })
        ? 'results'
        : s.matches({ popup: { open: 'failed' } })
          ? 'failed'
          : 'searching',
  )
  const context = useSelector(actor, (s) => s.context)
  return (
    <div className={popup} id={SEARCH_POPUP_ID} role="dialog" aria-label={t('reading.search.popupLabel')} data-testid="search-popup">
      {view === 'suggestions' ? <Suggestions actor={actor} /> : null}
      {view === 'searching' ? <div className={note}>{t('reading.search.searching')}</div> : null}
      {view === 'failed' ? (
        <div className={note} role="alert">
          {context.error}
        </div>
      ) : null}
      {view === 'results' && context.results ? <Results results={context.results} actor={actor} /> : null}
    </div>
  )
}

function Suggestions({ actor }: { actor: SearchBoxActor }) {
  const hotStocks = useSelector(actor, (s) => s.context.hotStocks)
  const loading = useSelector(actor, (s) => s.matches({ popup: { open: { suggestions: 'loading' } } }))
  const history = useSelector(actor, (s) => s.context.history)
  return (
    <>
      <h3>{t('reading.search.hotStocks')}</h3>
      {loading ? <div className={note}>{t('common.loading')}</div> : null}
      {hotStocks?.length ? (
        <ul aria-label={t('reading.search.hotStocks')}>
          {hotStocks.map((s, i) => (
            <li key={s.id}>
              <Link href={`/stock/${s.id}`} onClick={() => actor.send({ type: 'outside.click' })}>
                <span className={code}>{i + 1}</span> {s.name} <span className={code}>{s.code}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <h3>{t('reading.search.history')}</h3>
      {history.length ? (
        <ul className={historyList} aria-label={t('reading.search.history')}>
          {history.map((h) => (
            <li key={h}>
              <button type="button" onClick={() => actor.send({ type: 'history.choose', keyword: h })}>
                {h}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className={note}>{t('reading.search.noHistory')}</div>
      )}
    </>
  )
}

function Results({ results, actor }: { results: QuickResults; actor: SearchBoxActor }) {
  const close = () => actor.send({ type: 'outside.click' })
  const k = results.keyword
  return (
    <>
      {isEmptyQuickResults(results) ? <div className={note}>{t('reading.search.noResults')}</div> : null}
      {QUICK_GROUPS.map((group) =>
        results[group].length ? (
          <section key={group} aria-label={t(`reading.search.groups.${group}`)}>
            <h3>{t(`reading.search.groups.${group}`)}</h3>
            <ul>
              {group === 'stock'
                ? results.stock.map((s) => (
                    <li key={s.id}>
                      <Link href={`/stock/${s.id}`} onClick={close}>
                        <Highlighted text={s.name} keyword={k} /> <span className={code}><Highlighted text={s.codeDisp} keyword={k} /></span>
                      </Link>
                    </li>
                  ))
                : null}
              {group === 'post'
                ? results.post.map((p) => (
                    <li key={p.id}>
                      <Link href={`/news/${p.id}`} onClick={close}>
                        <Highlighted text={p.title} keyword={k} />
                      </Link>
                    </li>
                  ))
                : null}
              {group === 'live'
                ? results.live.map((l) => (
                    <li key={l.id}>
                      <Link href={`/live/${l.id}`} onClick={close}>
                        <Highlighted text={l.title || l.content} keyword={k} />
                      </Link>
                    </li>
                  ))
                : null}
              {group === 'financialCircle'
                ? results.financialCircle.map((c) => (
                    <li key={c.id}>
                      <Link href={`/chiefCircle/detail/${c.id}`} onClick={close}>
                        <Highlighted text={c.name} keyword={k} />
                      </Link>
                    </li>
                  ))
                : null}
              {group === 'portfolio'
                ? results.portfolio.map((p) => (
                    <li key={p.portfolioCode}>
                      <Link href={`/portfolio/${p.portfolioCode}`} onClick={close}>
                        <Highlighted text={p.nameDisp || p.name} keyword={k} />
                      </Link>
                    </li>
                  ))
                : null}
            </ul>
          </section>
        ) : null,
      )}
      <Link className={all} href={buildResultsUrl(k)} onClick={(e) => {
          e.preventDefault()
          actor.send({ type: 'search.submit' })
        }}
      >
        {t('reading.search.allResults')}
      </Link>
    </>
  )
}
