// /chiefCircle/search (spec 001 §2; §7 GET /api/financial-circle/circle/search/v1, §9 circle searches 10,
// search debounced 500 ms): a box whose keyword settles after a pause (core/search/debounced-keyword.machine.ts)
// and the circles it finds, ten a page. ?keyword= opens it on a search.
import { useId } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { useSearch } from 'wouter'
import { css } from '@linaria/core'
import { debouncedKeywordMachine } from '../../core/search/debounced-keyword.machine'
import { inspect } from '../dev/inspector'
import { usePageTitle } from '../common/page-title'
import { usePages } from '../common/use-read'
import { Empty } from '../common/status'
import { Paged } from '../content/article-list'
import { panel, panelTitle } from '../content/panel'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi } from './api'
import { CircleList, srOnly } from './circle-card'
import '../i18n/texts/circle'

export const searchForm = css`
  display: flex;
  gap: 10px;
  margin-bottom: 16px;
  input {
    flex: 1;
    height: 36px;
    box-sizing: border-box;
    padding: 0 12px;
    border: 1px solid ${tokens.border};
    border-radius: 18px;
    font: inherit;
    font-size: 14px;
  }
  input:focus {
    border-color: ${tokens.brand};
    outline: 2px solid ${tokens.brandTint};
  }
  button {
    height: 36px;
    padding: 0 20px;
    border-radius: 18px;
  }
`

export function CircleSearchPage() {
  const query = new URLSearchParams(useSearch())
  const initial = (query.get('keyword') ?? '').slice(0, 50)
  usePageTitle(t('circle.search.title'))
  const box = useActorRef(debouncedKeywordMachine, { input: { keyword: initial }, inspect })
  const text = useSelector(box, (s) => s.context.text)
  const keyword = useSelector(box, (s) => s.context.keyword)
  const id = useId()
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{t('circle.search.title')}</h1>
      <form
        role="search"
        className={searchForm}
        onSubmit={(e) => {
          e.preventDefault()
          box.send({ type: 'text.submit' })
        }}
      >
        <label htmlFor={id} className={srOnly}>
          {t('circle.search.label')}
        </label>
        <input id={id} type="search" value={text} maxLength={50} placeholder={t('circle.search.placeholder')} onChange={(e) => box.send({ type: 'text.change', value: e.target.value })} />
        <button type="submit" className={`${pill} ${primary}`}>
          {t('circle.search.submit')}
        </button>
      </form>
      {keyword ? <Results key={keyword} keyword={keyword} /> : <Empty text={t('circle.search.hint')} />}
    </section>
  )
}

function Results({ keyword }: { keyword: string }) {
  const api = useCirclesApi()
  const list = usePages(api.search(keyword))
  return (
    <div data-testid="circle-search-results">
      <Paged list={list} emptyText={t('circle.search.none')}>{(rows) => <CircleList circles={rows} label={t('circle.search.title')} />}</Paged>
    </div>
  )
}
