// Named documents (spec 000 §7 'Other': "Documents can be fetched by name; a body has {{key}}
// placeholders replaced by parameters"). Pure: no DOM, no HTML.
//
// Decisions:
// - A placeholder is `{{key}}` where key is letters, digits or `_` (spaces inside the braces allowed:
//   `{{ siteName }}`). Anything else (`{{}}`, `{{a-b}}`, a lone `{{`) is ordinary text.
// - An unknown key STAYS VISIBLE as written. A legal text must never silently lose words: a missing
//   parameter shows up in review as `{{key}}` instead of an empty gap in a sentence.
// - Values are inserted as text in ONE pass: a value that itself contains `{{other}}` or `<b>` is
//   inserted verbatim and never expanded or interpreted (the view renders text nodes, never HTML).

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g

export type TemplateParams = Readonly<Record<string, string>>

/** Replaces every `{{key}}` whose key is in `params`; unknown keys stay as written. */
export function fillTemplate(text: string, params: TemplateParams): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => (Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole))
}

/** The keys a text asks for, in order of first use, without repeats. */
export function placeholderKeys(text: string): string[] {
  const keys: string[] = []
  for (const m of text.matchAll(PLACEHOLDER)) if (!keys.includes(m[1]!)) keys.push(m[1]!)
  return keys
}
