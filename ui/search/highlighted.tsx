// Text with its search matches in <mark>: segments are rendered as text, never as HTML.
import { css } from '@linaria/core'
import { highlightRanges, keywordTerms, toSegments, type HighlightRange } from '../../core/search/highlight'
import { tokens } from '../styles/tokens'

const mark = css`
  background: none;
  color: ${tokens.brand};
`

/** `ranges` from the server, or else the keyword's words found in the text. */
export function Highlighted({ text, ranges, keyword }: { text: string; ranges?: readonly HighlightRange[]; keyword?: string }) {
  const r = ranges ?? highlightRanges(text, keywordTerms(keyword ?? ''))
  return (
    <>
      {toSegments(text, r).map((s, i) =>
        s.hit ? (
          <mark key={i} className={mark}>
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  )
}
