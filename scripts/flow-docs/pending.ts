/**
 * Folders whose machines' owners are still writing their descriptions (issue 26): a missing
 * description there is a warning from `npm run docs:check`, not a failure. Empty this list once
 * they are written; a machine anywhere else fails the check without its descriptions.
 */
export const PENDING_FOLDERS: readonly string[] = [
  'core/chat/',
  // the tidy engineer's own, being written now (issue 26)
  'core/content/',
  'core/locale/',
  'core/market/',
  'core/portfolio/',
  'core/posting/',
  'core/reading/',
  'core/search/',
  'core/toggle/',
]

export function isPending(file: string, folders: readonly string[] = PENDING_FOLDERS): boolean {
  return folders.some((f) => file.startsWith(f))
}
