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
  // served (core/api/posting.ts): posts, articles and drafts, comments, likes, favourites, moderation.
  // Declared, being built (issue 12 server): core/api/interaction.ts, messages.ts, uploads.ts
  posting: {
    issue: 'posting (spec 000 §7 posts and comments): dynamics, stock comments, shares, complain/appeal, personal reads, author application, uploads, messages',
    endpoints: [
      'dynamic.myDynamics',
      'dynamic.detail',
      'dynamic.like',
      'dynamic.unlike',
      'dynamic.top',
      'dynamic.essence',
      'dynamic.commentSwitch',
      'topContent.list',
      'follow.home',
      'hotContent.apply',
      'stockComment.post',
      'stockComment.comment',
      'stockComment.like',
      'stockComment.unlike',
      'stockComment.delete',
      'share.v1',
      'share.v2',
      'share.public',
      'user.complain',
      'user.appeal',
      'violation.detail',
      'violation.of',
      'riskTip.list',
      'post.myPublish',
      'post.total',
      'user.fav',
      'post.readHistory',
      'post.recordRead',
      'comment.my',
      'comment.toMe',
      'columnApply.status',
      'columnApply.apply',
      'columnApply.get',
      'columnApply.edit',
    ],
  },
  // served (core/api/chat.ts): every group-chat endpoint, the userSig and the chatroom calls
  chat: { issue: 'chat (spec 001 §7 chat and messaging)', endpoints: [] },
  // served (core/api/portfolio.ts, server/portfolio/)
  portfolios: { issue: 'portfolios (spec 001 §7 portfolios)', endpoints: [] },
}
