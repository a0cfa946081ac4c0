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
  // issue 27 (financial circles): core/api/circles.ts, served by server/circles/ as it is built
  circles: {
    issue: 'financial circles (spec 001 §7 moments and financial circles)',
    endpoints: [
      'moment.list', 'financialCircle.joined', 'moment.intro', 'momentUser.join', 'moment.detail', 'momentUser.askQuestionUser',
      'moment.tags', 'moment.sendableTags', 'moment.content', 'moment.contentTop', 'moment.contentEssence', 'moment.dynamicSearch',
      'moment.dynamicFileSearch', 'moment.shareable', 'moment.dynamicIgnore', 'moment.summaryShowTags', 'moment.summary',
      'moment.commentSummary', 'moment.carousel', 'review.checkSensitive', 'review.submit', 'financialCircle.detail',
      'financialCircle.homepage', 'financialCircle.search', 'financialCircle.tip', 'vips.recommend', 'vips.recommendUsers',
      'vips.recommendCircles',
    ],
  },
}
