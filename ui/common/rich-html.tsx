// Rich text on the page (spec 000 §3 tokens): HTML the server rendered from tokens, put through the
// one sanitiser again in the browser (DOMPurify with core's RICH_TEXT_SANITISE_CONFIG, the same
// settings the server uses) before it reaches the DOM. Nothing else in ui/ sets innerHTML from data.
import { useMemo } from 'react'
import DOMPurify from 'dompurify'
import { RICH_TEXT_SANITISE_CONFIG } from '../../core/posting/rich-text'

export function sanitiseRichText(html: string): string {
  return DOMPurify.sanitize(html, { ...RICH_TEXT_SANITISE_CONFIG, ALLOWED_TAGS: [...RICH_TEXT_SANITISE_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...RICH_TEXT_SANITISE_CONFIG.ALLOWED_ATTR], ADD_URI_SAFE_ATTR: [...RICH_TEXT_SANITISE_CONFIG.ADD_URI_SAFE_ATTR] })
}

export function RichHtml({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitiseRichText(html), [html])
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />
}
