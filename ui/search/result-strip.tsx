// The strip /search shows above its result tabs for what else matches the keyword (portfolios, subjects):
// a labelled row of links. Its callers read the matches and render nothing when there are none.
import type { ReactNode } from 'react'
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'

const strip = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin: 0 0 12px;
  a {
    padding: 6px 12px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    color: ${tokens.text};
    font-size: 14px;
  }
  &[data-stacked='true'] a {
    display: flex;
    flex-direction: column;
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

/** `stacked`: each link's lines stand one under the other. */
export function ResultStrip({ title, stacked = false, testId, children }: { title: string; stacked?: boolean; testId?: string; children: ReactNode }) {
  return (
    <nav className={strip} aria-label={title} data-stacked={stacked} data-testid={testId}>
      <span className={label}>{title}</span>
      {children}
    </nav>
  )
}
