// The owner's rename form on /portfolio/{id} (issue 15): renders core/portfolio/rename.machine.ts — the
// name rules live as they type, the server's detect chars before the edit endpoint saves the name.
import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { fromPromise } from 'xstate'
import { css } from '@linaria/core'
import { renameMachine } from '../../core/portfolio/rename.machine'
import { NAME_MAX } from '../../core/portfolio/rules'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { usePortfolioApi } from './api'
import { button, errorText, primary } from './portfolio-ui'
import '../i18n/texts/portfolio'

const form = css`
  flex-basis: 100%;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin: 8px 0;
  input {
    padding: 6px 8px;
    border: 1px solid ${tokens.border};
    border-radius: 4px;
    font-size: 14px;
    width: 240px;
  }
  p {
    flex-basis: 100%;
    margin: 0;
  }
`

export function RenameForm({ code, name, onRenamed }: { code: string; name: string; onRenamed: () => void }) {
  const api = usePortfolioApi()
  const machine = useMemo(
    () => renameMachine.provide({ actors: { detectChars: fromPromise(({ input }) => api.detectName(input)), rename: fromPromise(({ input }) => api.rename(input)) } }),
    [api],
  )
  const actor = useActorRef(machine, { input: { portfolioCode: code, name }, inspect })
  const state = useSelector(actor, (s) => s)
  const c = state.context
  const told = useRef(0)
  useEffect(() => {
    if (c.renamed > told.current) {
      told.current = c.renamed
      onRenamed()
    }
  }, [c.renamed, onRenamed])

  if (state.matches('closed')) {
    return (
      <button type="button" className={button} onClick={() => actor.send({ type: 'rename.open' })} data-testid="portfolio-rename">
        {t('portfolio.rename')}
      </button>
    )
  }
  const busy = !state.matches('editing')
  const message = c.problem ?? c.error
  return (
    <form
      className={form}
      data-testid="rename-form"
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'rename.submit' })
      }}
    >
      <label htmlFor="portfolio-rename-name">{t('portfolio.name')}</label>
      <input
        id="portfolio-rename-name"
        value={c.draft}
        maxLength={NAME_MAX * 2}
        placeholder={t('portfolio.namePlaceholder')}
        disabled={busy}
        aria-invalid={c.problem !== null}
        onChange={(e) => actor.send({ type: 'name.change', name: e.target.value })}
      />
      <button type="submit" className={`${button} ${primary}`} disabled={busy || c.problem !== null || c.draft.trim() === c.name}>
        {busy ? t('portfolio.saving') : t('portfolio.save')}
      </button>
      <button type="button" className={button} disabled={busy} onClick={() => actor.send({ type: 'rename.cancel' })}>
        {t('portfolio.cancel')}
      </button>
      {message ? <p className={errorText} role="alert">{message}</p> : null}
    </form>
  )
}
