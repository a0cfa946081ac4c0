/**
 * Folders whose machines' owners are still writing their descriptions (issue 26): a missing
 * description there is a warning from `npm run docs:check`, not a failure. Empty this list once
 * they are written; a machine anywhere else fails the check without its descriptions.
 */
export const PENDING_FOLDERS: readonly string[] = [
  'core/chat/',
]

export function isPending(file: string, folders: readonly string[] = PENDING_FOLDERS): boolean {
  return folders.some((f) => file.startsWith(f))
}
