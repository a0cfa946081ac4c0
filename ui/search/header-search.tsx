// The header's search box (spec 000 §2 'Search results and popup', §4 'Search box'): the core
// search-box machine with the API, the storage port and the router. The popup view is lazy; only
// the box and the machine load with the page.
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { useLocation } from 'wouter'
import { css } from '@linaria/core'
import { currentHotWord, searchBoxMachine } from '../../core/search/search-box.machine'
import { readHistory, writeHistory } from '../../core/search/search-history'
import { KEYWORD_MAX } from '../../core/search/keyword-limit'
import { t } from '../i18n/i18n'
import { useServices } from '../services'
import { useApi } from '../common/use-api'
import { searchBoxActors } from './box-api'
import { tokens } from '../styles/tokens'
import { SEARCH_POPUP_ID } from './popup-id'

const SearchPopup = lazy(() => import('./search-popup'))

const wrap = css`
  position: relative;
`
const search = css`
  display: flex;
  align-items: center;
  height: 34px;
  border: 1px solid ${tokens.border};
  border-radius: 17px;
  overflow: hidden;
  background: ${tokens.bg};
  input {
    width: 112px;
    @media (max-width: 1180px) {
      width: 84px;
    }
    border: 0;
    outline: 0;
    padding: 0 12px;
    background: transparent;
    font-size: 13px;
  }
  button {
    height: 100%;
    border: 0;
    padding: 0 12px;
    background: transparent;
    color: ${tokens.textSecondary};
    cursor: pointer;
  }
`

export function HeaderSearch() {
  const { store, config } = useServices()
  const actors = useApi(searchBoxActors)
  const [, navigate] = useLocation()
  const root = useRef<HTMLDivElement>(null)
  const actor = useActorRef(
    searchBoxMachine.provide({
      actors,
      actions: {
        persistHistory: (_, params) => writeHistory(store, params.history),
        navigate: (_, params) => navigate(params.url),
      },
    }),
    { input: { history: readHistory(store), trendingSearchKeywords: config?.trendingSearchKeywords ?? '' }, inspect },
  )
  const text = useSelector(actor, (s) => s.context.text)
  const open = useSelector(actor, (s) => s.matches({ popup: 'open' }))
  const hotWord = useSelector(actor, (s) => currentHotWord(s.context))

  // the config may arrive after the first render (no inlined data)
  const trending = config?.trendingSearchKeywords
  useEffect(() => {
    if (trending !== undefined) actor.send({ type: 'trending.set', keywords: trending })
  }, [actor, trending])

  // spec 000 §4: a click outside closes the popup
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) actor.send({ type: 'outside.click' })
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [actor, open])

  const placeholder = hotWord ?? t('header.searchPlaceholder')
  return (
    <div className={wrap} ref={root}>
      <form
        role="search"
        className={search}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: 'search.submit' })
        }}
      >
        <input
          type="search"
          value={text}
          onFocus={() => actor.send({ type: 'input.focus' })}
          onChange={(e) => actor.send({ type: 'input.change', value: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') actor.send({ type: 'outside.click' })
          }}
          placeholder={placeholder}
          aria-label={t('header.searchPlaceholder')}
          // a combobox that opens the suggestions dialog: aria-expanded is allowed on it (not on a plain searchbox)
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? SEARCH_POPUP_ID : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          maxLength={KEYWORD_MAX}
        />
        <button type="submit">{t('header.searchButton')}</button>
      </form>
      {open ? (
        <Suspense fallback={null}>
          <SearchPopup actor={actor} />
        </Suspense>
      ) : null}
    </div>
  )
}
