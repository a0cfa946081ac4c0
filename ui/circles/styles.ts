// Styles that several circle pages share: the one-column page of panels, a circle's (or course's, or live
// column's) head card and a list of entries (title, excerpt, time). One place, so the pages look alike and change together.
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'

/** A one-column page of panels, narrower than the site (a circle's guide, a comment, a live schedule). */
export const narrowColumn = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  max-width: 880px;
  margin: 0 auto;
`

/** the head card: avatar, then a `.body` with the name (h1), a `.brief`, a `.meta` line and `.links` */
export const headCard = css`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  > img,
  > [role='img'] {
    flex: none;
    width: 88px;
    height: 88px;
    border-radius: 16px;
    object-fit: cover;
  }
  .body {
    flex: 1;
    min-width: 0;
  }
  h1 {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0 0 6px;
    font-size: 22px;
  }
  .brief {
    margin: 0 0 8px;
    color: ${tokens.textSecondary};
    line-height: 1.6;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 12px;
    color: ${tokens.textMuted};
    font-size: 13px;
  }
  .meta a {
    color: ${tokens.text};
    font-weight: 600;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-top: 12px;
  }
  .links a {
    display: inline-flex;
    align-items: center;
  }
`

/** a list of entries: each li a bold title, an excerpt and its time */
export const entryList = css`
  li {
    padding: 12px 0;
    border-bottom: 1px solid ${tokens.border};
  }
  strong {
    display: block;
    margin-bottom: 4px;
  }
  p {
    margin: 0;
    color: ${tokens.textSecondary};
    line-height: 1.6;
  }
  time {
    display: block;
    margin-top: 4px;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`
