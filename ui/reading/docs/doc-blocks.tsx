import type { ReactNode } from 'react'
import { css } from '@linaria/core'
import type { DocBlock } from '../../../core/api/reading-docs'
import { tokens } from '../../styles/tokens'

const body = css`
  font-size: 15px;
  line-height: 1.9;
  color: ${tokens.text};
  h2 {
    margin: 1.6em 0 0.6em;
    font-size: 18px;
  }
  p {
    margin: 0 0 1em;
    text-align: justify;
  }
  ul {
    margin: 0 0 1em;
    padding-left: 1.6em;
  }
`

/** A document's blocks as headings, paragraphs and lists: text nodes only, never HTML. */
export function DocBlocks({ blocks }: { blocks: readonly DocBlock[] }) {
  const out: ReactNode[] = []
  let items: string[] = []
  const flush = (key: number) => {
    if (items.length)
      out.push(
        <ul key={`ul${key}`}>
          {items.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>,
      )
    items = []
  }
  blocks.forEach((b, i) => {
    if (b.kind === 'item') {
      items.push(b.text)
      return
    }
    flush(i)
    out.push(b.kind === 'heading' ? <h2 key={i}>{b.text}</h2> : <p key={i}>{b.text}</p>)
  })
  flush(blocks.length)
  return <div className={body}>{out}</div>
}
