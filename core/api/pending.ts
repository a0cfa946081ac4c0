// The endpoints of the contract that the server does not serve yet, grouped by the issue that will
// build them: the honest map of what is not built. tests/contract-registry.test.ts fails when an
// endpoint is neither served nor listed here, and when a listed one is served (take it off the list
// in the change that builds it). Posting, chat and portfolios have no endpoints in the contract yet:
// their issues add them here, or serve them, as they declare them.

export interface PendingGroup {
  /** the issue (by its subject) that builds these */
  readonly issue: string
  /** endpoint names (Endpoint.name) */
  readonly endpoints: readonly string[]
}

export const PENDING: Readonly<Record<string, PendingGroup>> = {
  // served (server/membership): purchase, payment and qualification (issue 13)
  // issue 12 (posting and interaction): every endpoint of core/api/posting.ts, interaction.ts, messages.ts and uploads.ts is served
  // served (core/api/chat.ts): every group-chat endpoint, the userSig and the chatroom calls
  chat: { issue: 'chat (spec 001 §7 chat and messaging)', endpoints: [] },
  // served (core/api/portfolio.ts, server/portfolio/)
  portfolios: { issue: 'portfolios (spec 001 §7 portfolios)', endpoints: [] },
  // served (core/api/circles.ts, server/circles/): every call of spec 001 §7 'Moments and financial circles' outside circle-extras
  // served (core/api/live.ts, server/live/): every call of spec 001 §7 'Video and live', the live-column calls and the owner's room controls (issue 28)
}
