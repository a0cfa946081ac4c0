// /portfolio/create, /portfolio/create/{type}/{portfolioCode} and /portfolio/edit/{type}/{portfolioCode}
// (issue 15): renders core/portfolio/edit-form.machine.ts — name and market (create), a stock picker on the
// stock search, weights with the rules shown live, the server's pre-adjust preview, then confirm.
import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { fromPromise } from 'xstate'
import { useLocation } from 'wouter'
import { css } from '@linaria/core'
import { editFormMachine } from '../../core/portfolio/edit-form.machine'
import { MAX_POSITIONS, cashWeight, type PortfolioMarket } from '../../core/portfolio/rules'
import type { StockHit } from '../../core/api/search'
import { formatPriceCents } from '../../core/format/money'
import { usePageTitle } from '../common/page-title'
import { Failed, Loading } from '../common/status'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { usePortfolioApi } from './api'
import { useInvalidate } from '../common/use-read'
import { useTypedSearch } from '../common/use-typed-search'
import { button, card, errorText, muted, page, primary, table } from './portfolio-ui'
import '../i18n/texts/portfolio'
import { TableHead } from '../common/table-head'

const field = css`
  display: flex;
  gap: 12px;
  align-items: center;
  margin: 10px 0;
  label {
    min-width: 72px;
    color: ${tokens.textSecondary};
  }
  input {
    padding: 6px 8px;
    border: 1px solid ${tokens.border};
    border-radius: 4px;
    font-size: 14px;
  }
`
const picker = css`
  position: relative;
  ul {
    position: absolute;
    z-index: 5;
    background: ${tokens.card};
    border: 1px solid ${tokens.border};
    list-style: none;
    margin: 2px 0 0;
    padding: 0;
    min-width: 260px;
  }
  li button {
    width: 100%;
    text-align: left;
    background: none;
    border: 0;
    padding: 6px 10px;
    cursor: pointer;
  }
  li button:hover {
    background: ${tokens.bg};
  }
`
const weightInput = css`
  width: 80px;
  text-align: right;
`

const pct2 = (v: number) => `${v.toFixed(2)}%`

export function EditPortfolioPage({ mode, code }: { mode: 'create' | 'edit'; code: string | null }) {
  const api = usePortfolioApi()
  const invalidate = useInvalidate()
  const [, navigate] = useLocation()
  const machine = useMemo(
    () =>
      editFormMachine.provide({
        actors: {
          loadConfig: fromPromise(({ input }) => api.loadConfig(input)),
          loadPreview: fromPromise(({ input }) => api.loadPreview(input)),
          save: fromPromise(async ({ input }) => {
            const saved = await api.save(input)
            invalidate('portfolio.') // the reader's list, the portfolio's head and positions
            return saved
          }),
        },
      }),
    [api, invalidate],
  )
  const actor = useActorRef(machine, { input: { mode, portfolioCode: code }, inspect })
  const state = useSelector(actor, (s) => s)
  const c = state.context
  usePageTitle(mode === 'create' ? t('portfolio.createTitle') : t('portfolio.editTitle', { name: c.name }))
  useEffect(() => {
    if (state.matches('saved') && c.savedCode) navigate(`/portfolio/${c.savedCode}`)
  }, [state, c.savedCode, navigate])

  if (state.matches('loading')) return <div className={page}><Loading /></div>
  if (state.matches('failed')) return <div className={page}><Failed message={c.error} onRetry={() => actor.send({ type: 'form.retry' })} /></div>
  const reviewing = state.matches('reviewing') || state.matches('saving')
  return (
    <div className={page}>
      <section className={card}>
        <h1>{mode === 'create' ? t('portfolio.createTitle') : t('portfolio.editTitle', { name: c.name })}</h1>
        {mode === 'create' ? (
          <>
            <div className={field}>
              <label htmlFor="portfolio-name">{t('portfolio.name')}</label>
              <input id="portfolio-name" value={c.name} placeholder={t('portfolio.namePlaceholder')} disabled={reviewing} onChange={(e) => actor.send({ type: 'name.change', name: e.target.value })} />
            </div>
            <div className={field} role="radiogroup" aria-label={t('portfolio.market')}>
              <label>{t('portfolio.market')}</label>
              {(['hk', 'us'] as PortfolioMarket[]).map((m) => (
                <span key={m}>
                  <input type="radio" id={`market-${m}`} name="market" checked={c.market === m} disabled={reviewing} onChange={() => actor.send({ type: 'market.choose', market: m })} />{' '}
                  <label htmlFor={`market-${m}`}>{t(`portfolio.markets.${m}`)}</label>
                </span>
              ))}
            </div>
          </>
        ) : null}
        {reviewing ? null : <StockPicker market={c.market} disabled={c.rows.length >= MAX_POSITIONS} onPick={(s) => actor.send({ type: 'stock.add', stockId: s.id, name: s.nameDisp || s.name })} />}
        <table className={table} data-testid="portfolio-rows">
          <thead>
            <tr>
              <th>{t('portfolio.stock')}</th>
              <th>{t('portfolio.weight')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {c.rows.map((r) => (
              <tr key={r.stockId}>
                <td>{r.name} <span className={muted}>{r.stockId}</span></td>
                <td>
                  <input
                    className={weightInput}
                    type="number"
                    min={0}
                    max={100}
                    step={0.01}
                    aria-label={t('portfolio.weightOf', { name: r.name })}
                    defaultValue={r.weight}
                    disabled={reviewing}
                    onChange={(e) => actor.send({ type: 'weight.change', stockId: r.stockId, weight: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                  />
                </td>
                <td>{reviewing ? null : <button type="button" className={button} onClick={() => actor.send({ type: 'stock.remove', stockId: r.stockId })}>{t('portfolio.remove')}</button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={muted} data-testid="cash-left">{t('portfolio.cashLeft', { cash: Number.isFinite(cashWeight(c.rows.map((r) => ({ stockId: r.stockId, weight: r.weight })))) ? cashWeight(c.rows.map((r) => ({ stockId: r.stockId, weight: r.weight }))).toFixed(2) : '--' })}</p>
        {c.problem ? <p className={errorText} role="alert" data-testid="form-problem">{c.problem}</p> : null}
        {c.error ? <p className={errorText} role="alert">{c.error}</p> : null}
        {reviewing ? null : (
          <button type="button" className={`${button} ${primary}`} disabled={c.problem !== null || state.matches('previewing')} onClick={() => actor.send({ type: 'form.preview' })} data-testid="form-preview">
            {t('portfolio.preview')}
          </button>
        )}
      </section>
      {reviewing && c.preview ? (
        <section className={card} data-testid="form-review">
          <h2>{t('portfolio.previewTitle')}</h2>
          <table className={table}>
            <TableHead columns={[t('portfolio.stock'), t('portfolio.weight'), t('portfolio.price')]} />
            <tbody>
              {c.preview.items.map((i) => (
                <tr key={i.stockCode}>
                  <td>{i.name}</td>
                  <td>{pct2(i.fromWeight)} → {pct2(i.toWeight)}</td>
                  <td>{i.price > 0 ? formatPriceCents(i.price) : '--'}</td>
                </tr>
              ))}
              <tr>
                <td>{t('portfolio.cash')}</td>
                <td>{pct2(c.preview.cashWeight)}</td>
                <td />
              </tr>
            </tbody>
          </table>
          <p>
            <button type="button" className={button} disabled={state.matches('saving')} onClick={() => actor.send({ type: 'form.back' })}>{t('portfolio.back')}</button>
            <button type="button" className={`${button} ${primary}`} disabled={state.matches('saving')} onClick={() => actor.send({ type: 'form.confirm' })} data-testid="form-confirm">
              {state.matches('saving') ? t('portfolio.saving') : t('portfolio.confirm')}
            </button>
          </p>
        </section>
      ) : null}
    </div>
  )
}

/** The stock search (spec 000 §7 /api/search/stock) narrowed to the portfolio's market. */
function StockPicker({ market, onPick, disabled }: { market: PortfolioMarket; onPick: (s: StockHit) => void; disabled: boolean }) {
  const api = usePortfolioApi()
  // spec 000 §9: the search asks 500 ms after the last keystroke
  const box = useTypedSearch(api.searchStocks, 500)
  const hits = (box.hits?.list ?? []).filter((s) => s.market === market && s.category !== 'index')
  const pick = (s: StockHit) => {
    onPick(s)
    box.clear()
  }
  return (
    <div className={`${field} ${picker}`}>
      <label htmlFor="portfolio-stock">{t('portfolio.addStock')}</label>
      <div>
        <input id="portfolio-stock" value={box.text} disabled={disabled} placeholder={t('portfolio.searchStock')} onChange={(e) => box.type(e.target.value)} autoComplete="off" />
        {hits.length ? (
          <ul data-testid="stock-hits">
            {hits.map((s) => (
              <li key={s.id}>
                <button type="button" onClick={() => pick(s)}>
                  {s.nameDisp || s.name} <span className={muted}>{s.codeDisp}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  )
}
