// Who may follow whom: a reader never follows themselves (the follow button is not shown on the
// reader's own card, in any list). One rule, used by every list that shows a follow button.

/** A guest (null) may press follow — the login dialog comes first; a signed-in reader not on their own card. */
export function canFollowUser(viewerId: number | null, userId: number): boolean {
  return viewerId === null || viewerId !== userId
}
