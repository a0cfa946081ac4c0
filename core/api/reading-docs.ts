// spec 000 §7: named documents and agreements ('Other'), deep research reports, the news filter list.
import * as Schema from 'effect/Schema'
import { endpoint, SHORT_TIMEOUT_MS } from './endpoint'
import { CountFromString, IdFromString, IntFromString, Seconds } from './common'
import { ArticleSummary, Page, StockRef } from './content'

/** Public content may be reused by the server for a second. */
const PUBLIC = 1_000

// --- named documents and agreements ---------------------------------------------------------

/** A block of a document (core/reading/docs/blocks.ts): plain text, rendered as text, never HTML. */
export const DocBlock = Schema.Struct({ kind: Schema.Literals(['heading', 'paragraph', 'item']), text: Schema.String })
export type DocBlock = typeof DocBlock.Type

export const DocumentName = Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,40}$/))

export const NamedDocument = Schema.Struct({
  name: Schema.String,
  title: Schema.String,
  /** last revision, seconds */
  updateTimestamp: Seconds,
  /** the body with every known {{key}} filled */
  blocks: Schema.Array(DocBlock),
})
export type NamedDocument = typeof NamedDocument.Type

/** spec 000 §7: "Documents can be fetched by name; a body has {{key}} placeholders replaced by parameters." */
export const documentByName = endpoint({
  name: 'documents.byName',
  publicMaxAgeMs: PUBLIC,
  path: '/api/documents/{name}',
  params: Schema.Struct({ name: DocumentName }),
  result: NamedDocument,
})

/** spec 001 §3 'Agreement': id, title, paramMap — here with the filled document. */
export const Agreement = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  paramMap: Schema.Record(Schema.String, Schema.String),
  blocks: Schema.Array(DocBlock),
})
export type Agreement = typeof Agreement.Type

/** spec 000 §7: /api/agreements/route/{id}/v1 — the agreements a purchase route asks the reader to sign. */
export const routeAgreements = endpoint({
  name: 'agreements.route',
  publicMaxAgeMs: PUBLIC,
  path: '/api/agreements/route/{id}/v1',
  params: Schema.Struct({ id: IdFromString }),
  result: Schema.Array(Agreement),
})

// --- deep research reports ------------------------------------------------------------------

export const ResearchReport = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  summary: Schema.String,
  institution: Schema.String,
  analyst: Schema.String,
  /** 买入, 增持, 中性… */
  rating: Schema.String,
  coverUrl: Schema.String,
  stocks: Schema.Array(StockRef),
  isPay: Schema.Boolean,
  /** integer cents; 0 when free */
  priceCents: Schema.Number,
  pages: Schema.Number,
  createTimestamp: Seconds,
  readCount: Schema.Number,
})
export type ResearchReport = typeof ResearchReport.Type

export const ResearchReportDetail = Schema.Struct({
  ...ResearchReport.fields,
  /** plain-text paragraphs; for a paid report only the preview */
  paragraphs: Schema.Array(Schema.String),
  /** true when the paragraphs are a preview of a paid report */
  locked: Schema.Boolean,
  related: Schema.Array(ResearchReport),
})
export type ResearchReportDetail = typeof ResearchReportDetail.Type

const GroupParams = Schema.Struct({ groupId: IdFromString })

/** spec 000 §7: /api/research-report-groups/1/free-research-reports */
export const freeResearchReports = endpoint({
  name: 'research.free',
  publicMaxAgeMs: PUBLIC,
  path: '/api/research-report-groups/{groupId}/free-research-reports',
  params: GroupParams,
  query: Schema.Struct({ page: Schema.optional(IdFromString), count: Schema.optional(CountFromString) }),
  result: Page(ResearchReport),
})

/** spec 000 §7: /api/research-report-groups/1/pay-research-reports (createTimestamp) — cursor paging */
export const payResearchReports = endpoint({
  name: 'research.pay',
  publicMaxAgeMs: PUBLIC,
  path: '/api/research-report-groups/{groupId}/pay-research-reports',
  params: GroupParams,
  query: Schema.Struct({
    /** cursor: createTimestamp of the last report shown; older ones follow */
    createTimestamp: Schema.optional(IntFromString),
    count: Schema.optional(CountFromString),
  }),
  result: Page(ResearchReport),
})

/** spec 000 §7 (/rss-detail/{id}): /data/api/rss/detail (id) */
export const rssDetail = endpoint({
  name: 'research.detail',
  publicMaxAgeMs: PUBLIC,
  path: '/data/api/rss/detail',
  query: Schema.Struct({ id: IdFromString }),
  result: ResearchReportDetail,
})

// --- news filter list -----------------------------------------------------------------------

/** `YYYY-MM-DD`: news created on that day (Beijing time) or before. */
export const DateString = Schema.String.check(Schema.isPattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/))

/** spec 000 §7: /api/news/filter/list (createDate, count, type; 5 s timeout); `page` picks a page of /news/page/{id}. */
export const newsFilterList = endpoint({
  name: 'news.filterList',
  publicMaxAgeMs: PUBLIC,
  path: '/api/news/filter/list',
  timeoutMs: SHORT_TIMEOUT_MS,
  query: Schema.Struct({
    createDate: Schema.optional(DateString),
    count: Schema.optional(CountFromString),
    type: Schema.optional(Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,32}$/))),
    page: Schema.optional(IdFromString),
  }),
  result: Schema.Struct({ list: Schema.Array(ArticleSummary), hasMore: Schema.Boolean, total: Schema.Number, page: Schema.Number, pageCount: Schema.Number }),
})
