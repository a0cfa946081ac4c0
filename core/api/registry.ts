// The contract registry: every endpoint of the API, from every contract file in core/api/. A new
// contract file is added here (tests/contract-registry.test.ts fails on an endpoint declared anywhere
// else, on a repeated name or method + path, and on an endpoint neither served nor on core/api/pending.ts).
import * as accounts from './accounts'
import * as attestation from './attestation'
import * as certification from './certification'
import * as chat from './chat'
import * as circleAdminCommunities from './circle-admin-communities'
import * as circleAdminCircles from './circle-admin-circles'
import * as circleAdminCourses from './circle-admin-courses'
import * as circleAdminData from './circle-admin-data'
import * as circleAdminLive from './circle-admin-live'
import * as circleExtras from './circle-extras'
import * as circleSocial from './circle-social'
import * as circles from './circles'
import * as content from './content'
import * as interaction from './interaction'
import * as live from './live'
import type { Endpoint } from './endpoint'
import * as market from './market'
import * as memberArea from './member-area'
import * as messages from './messages'
import * as order from './order'
import * as payment from './payment'
import * as portfolio from './portfolio'
import * as posting from './posting'
import * as readingColumns from './reading-columns'
import * as readingCommunity from './reading-community'
import * as readingDocs from './reading-docs'
import * as search from './search'
import * as uploads from './uploads'
import * as wecom from './wecom'

/** The contract files by area; each holds the endpoints of one part of the spec. */
export const CONTRACT_FILES = {
  accounts,
  attestation,
  certification,
  chat,
  'circle-admin-circles': circleAdminCircles,
  'circle-admin-communities': circleAdminCommunities,
  'circle-admin-courses': circleAdminCourses,
  'circle-admin-data': circleAdminData,
  'circle-admin-live': circleAdminLive,
  'circle-extras': circleExtras,
  'circle-social': circleSocial,
  circles,
  content,
  interaction,
  live,
  market,
  'member-area': memberArea,
  messages,
  order,
  payment,
  portfolio,
  posting,
  'reading-columns': readingColumns,
  'reading-community': readingCommunity,
  'reading-docs': readingDocs,
  search,
  uploads,
  wecom,
} as const

export function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false
  const e = value as Partial<Endpoint>
  return typeof e.name === 'string' && typeof e.method === 'string' && typeof e.path === 'string' && 'result' in e && 'responseKind' in e
}

/** Every endpoint, with the contract file (area) that declares it and its export name. */
export interface RegisteredEndpoint {
  readonly area: keyof typeof CONTRACT_FILES
  readonly exportName: string
  readonly endpoint: Endpoint
}

export const ENDPOINTS: readonly RegisteredEndpoint[] = Object.entries(CONTRACT_FILES).flatMap(([area, file]) =>
  Object.entries(file as Record<string, unknown>).flatMap(([exportName, value]) =>
    isEndpoint(value) ? [{ area: area as keyof typeof CONTRACT_FILES, exportName, endpoint: value }] : [],
  ),
)
