// Post and comment bodies. spec 000 §5 / 001 §5: HTML stripped, only line breaks kept; an empty body
// with files becomes 'share file'. spec 000 §4: submit is enabled only with text, a file, a picture
// or a shared item.
//
// htmlToPlainText produces plain text, not safe HTML: entities are decoded (so '&lt;b&gt;' becomes
// the text '<b>'), and whatever displays the result must escape it like any other text. It is not a
// sanitiser; user HTML that is kept as HTML goes through dompurify (design.md).

export const SHARE_FILE_TEXT = '分享文件' // 'share file'

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
  ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009', zwsp: '\u200b',
  copy: '©', reg: '®', trade: '™', hellip: '…', mdash: '—', ndash: '–', middot: '·', bull: '•',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»',
  yen: '¥', euro: '€', pound: '£', cent: '¢', times: '×', divide: '÷', deg: '°', plusmn: '±', permil: '‰',
}

const ENTITY = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/
const TAG_START = /[A-Za-z/!?]/
const TAG_NAME = /^<\s*(\/?)\s*([A-Za-z][A-Za-z0-9-]*)/
const BLOCKS = new Set(['p', 'div'])
/** Elements whose content is not text at all. */
const RAW_CONTENT = new Set(['script', 'style', 'template', 'textarea', 'title'])

function decodeCodePoint(n: number): string {
  const valid = n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff)
  return valid ? String.fromCodePoint(n) : '\ufffd'
}

/** Index just after the tag opening at `start` (quotes respected), or the end of the input. */
function tagEnd(html: string, start: number): number {
  if (html.startsWith('<!--', start)) {
    const close = html.indexOf('-->', start + 4)
    return close < 0 ? html.length : close + 3
  }
  let quote: string | null = null
  for (let j = start + 1; j < html.length; j++) {
    const ch = html[j]
    if (quote !== null) {
      if (ch === quote) quote = null
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '>') return j + 1
  }
  return html.length
}

/**
 * HTML to plain text: tags removed; <br> and the end of a <p> or <div> become '\n' (a <br> that
 * ends a block does not add a second one, as a browser shows it); a block that opens after text on
 * the same line starts a new line; comments and script/style content vanish; raw source newlines
 * are formatting, shown as a space; entities decoded (&nbsp; to U+00A0). Each line loses spaces and
 * tabs at its ends, and the whole result is trimmed.
 */
export function htmlToPlainText(html: string): string {
  let out = ''
  let brPending = false
  /** Whether the line being written has anything but spaces and tabs. */
  let lineHasText = false
  let i = 0
  while (i < html.length) {
    const ch = html[i] ?? ''
    if (ch === '<' && TAG_START.test(html[i + 1] ?? '')) {
      const end = tagEnd(html, i)
      const m = TAG_NAME.exec(html.slice(i, end))
      i = end
      if (m === null) continue
      const closing = m[1] === '/'
      const name = (m[2] ?? '').toLowerCase()
      if (name === 'br') {
        out += '\n'
        brPending = true
        lineHasText = false
      } else if (BLOCKS.has(name)) {
        if (closing) {
          if (!brPending) out += '\n'
          brPending = false
          lineHasText = false
        } else if (lineHasText) out += '\n'
      } else if (!closing && RAW_CONTENT.has(name)) {
        const close = new RegExp(`</\\s*${name}\\b`, 'i').exec(html.slice(i))
        i = close === null ? html.length : tagEnd(html, i + close.index)
      }
      continue
    }
    if (ch === '&') {
      const m = ENTITY.exec(html.slice(i, i + 40))
      const named = m?.[3]
      const decoded =
        m === null ? null
        : m[1] !== undefined ? decodeCodePoint(Number(m[1]))
        : m[2] !== undefined ? decodeCodePoint(parseInt(m[2], 16))
        : named !== undefined ? (NAMED_ENTITIES[named] ?? NAMED_ENTITIES[named.toLowerCase()] ?? null)
        : null
      if (m !== null && decoded !== null) {
        out += decoded
        brPending = false
        lineHasText = true
        i += m[0].length
        continue
      }
    }
    if (ch === '\r' || ch === '\n') out += ' '
    else {
      out += ch
      if (ch !== ' ' && ch !== '\t') {
        brPending = false
        lineHasText = true
      }
    }
    i += 1
  }
  return out
    .split('\n')
    .map((line) => line.replace(/^[ \t]+|[ \t]+$/g, ''))
    .join('\n')
    .trim()
}

/** The text sent for a post: the stripped body, or 分享文件 when it is empty and files are attached. */
export function bodyForSubmit(html: string, fileCount: number): string {
  const text = htmlToPlainText(html)
  return text === '' && fileCount > 0 ? SHARE_FILE_TEXT : text
}

/** spec 000 §4: submit is enabled only with text, a file, a picture or a shared item. */
export function canSubmitPost(draft: {
  readonly body: string
  readonly files: number
  readonly pictures: number
  readonly shared: boolean
}): boolean {
  return draft.files > 0 || draft.pictures > 0 || draft.shared || htmlToPlainText(draft.body) !== ''
}
