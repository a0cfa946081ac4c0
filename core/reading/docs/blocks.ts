// The structured format of named documents: a plain-text source, one block per line group, never HTML.
//
//   # 标题           → heading (level 2 in the page: the page's h1 is the document title)
//   - 条目           → item (consecutive items form one list)
//   other lines      → paragraph (a blank line ends it; lines of one paragraph are joined)
import { fillTemplate, type TemplateParams } from './template'

export type DocBlock = { kind: 'heading' | 'paragraph' | 'item'; text: string }

export function parseBlocks(source: string): DocBlock[] {
  const blocks: DocBlock[] = []
  let paragraph: string[] = []
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join('') })
    paragraph = []
  }
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '') flush()
    else if (line.startsWith('# ')) {
      flush()
      const text = line.slice(2).trim()
      if (text) blocks.push({ kind: 'heading', text })
    } else if (line.startsWith('- ')) {
      flush()
      const text = line.slice(2).trim()
      if (text) blocks.push({ kind: 'item', text })
    } else paragraph.push(line)
  }
  flush()
  return blocks
}

/** Parses a document source and fills its placeholders, block by block (a value never becomes markup). */
export function renderDocument(source: string, params: TemplateParams): DocBlock[] {
  return parseBlocks(source).map((b) => ({ kind: b.kind, text: fillTemplate(b.text, params) }))
}
