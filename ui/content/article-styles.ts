// Article styles shared by the reading pages: a detail page's frame (padding and title, breadcrumb,
// meta line, chips of its stocks and tags, the related list beside it), its body (lead summary, text,
// cover) and the list card of an article or research report.
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'
import { clampLines, plainListLook } from '../styles/looks'

/** A detail page's article panel: its padding and title. */
export const articlePage = css`
  padding: 28px 40px 36px;
  h1 {
    margin: 0 0 14px;
    font-size: 28px;
  }
`
export const articleCrumbs = css`
  margin-bottom: 12px;
  color: ${tokens.textMuted};
  font-size: 13px;
  a:hover {
    color: ${tokens.brand};
  }
`
/** The line under the title: author (with an avatar), source, time, reads… */
export const articleMeta = css`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: center;
  padding-bottom: 16px;
  margin-bottom: 20px;
  border-bottom: 1px solid ${tokens.border};
  color: ${tokens.textMuted};
  font-size: 13px;
  img {
    width: 28px;
    height: 28px;
    border-radius: 50%;
  }
`
/** The article's stocks and tags under the text: small rounded chips; a stock's (a link or `.stock`) in the brand's tint. */
export const articleChips = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 20px;
  > * {
    padding: 2px 10px;
    border-radius: 12px;
    background: ${tokens.bg};
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
  > a,
  > .stock {
    background: ${tokens.brandTint};
    color: ${tokens.brand};
  }
`
/** A list of articles, one a line, a note under the title in <small>: the related ones beside a detail page, a stock's news and notices. */
export const relatedList = css`
  ${plainListLook}
  li {
    padding: 10px 0;
    border-bottom: 1px solid ${tokens.border};
  }
  li:last-child {
    border-bottom: 0;
  }
  small {
    display: block;
    margin-top: 4px;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`
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
    ${clampLines(2)}
  }
`
