// Article styles shared by the reading pages: the body of a detail page (lead summary, text,
// cover) and the list card of an article or research report.
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'

export const articleSummary = css`
  padding: 12px 16px;
  border-left: 3px solid ${tokens.brand};
  background: ${tokens.bg};
  color: ${tokens.textSecondary};
`
export const articleBody = css`
  font-size: 17px;
  line-height: 1.9;
  p {
    margin: 0 0 1.1em;
    text-align: justify;
  }
`
export const articleCover = css`
  width: 100%;
  height: auto;
  border-radius: ${tokens.radius};
  margin: 4px 0 20px;
`
/** A list card (article, research report): title, two-line brief, meta; the caller sets the grid columns. */
export const listCard = css`
  display: grid;
  gap: 20px;
  padding: 18px 0;
  border-bottom: 1px solid ${tokens.border};
  h3 {
    margin: 0 0 8px;
    font-size: 18px;
    font-weight: 600;
  }
  p {
    margin: 0 0 10px;
    color: ${tokens.textSecondary};
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
`
