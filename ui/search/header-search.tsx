// The header's search box slot (spec 000 §2). The search issue wires the core search-box machine here.
import { useState } from 'react'
import { useLocation } from 'wouter'
import { css } from '@linaria/core'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'

const search = css`
  display: flex;
  align-items: center;
  height: 34px;
  border: 1px solid ${tokens.border};
  border-radius: 17px;
  overflow: hidden;
  background: ${tokens.bg};
  input {
    width: 150px;
    @media (max-width: 1180px) {
      width: 96px;
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
  const [, navigate] = useLocation()
  const [keyword, setKeyword] = useState('')
  return (
    <form
      role="search"
      className={search}
      onSubmit={(e) => {
        e.preventDefault()
        const k = keyword.trim()
        if (k) navigate(`/search?keyword=${encodeURIComponent(k)}`)
      }}
    >
      <input
        type="search"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={t('header.searchPlaceholder')}
        aria-label={t('header.searchPlaceholder')}
        maxLength={50}
      />
      <button type="submit">{t('header.searchButton')}</button>
    </form>
  )
}
