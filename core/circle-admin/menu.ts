// The circle-admin console's left menu: spec 001 §2 'Circle admin /circle-admin, children', grouped by
// section, in the spec's order. The frame (ui/circle-admin/console-frame.tsx) draws it; each link's text
// is the i18n key circleAdmin.menu.<key>.

export const CONSOLE_ROOT = '/circle-admin'

export const CONSOLE_MENU = [
  { section: 'circle', links: [['circleList', '/circle-admin/circle/circle-list'], ['circleUsers', '/circle-admin/circle/circle-user-admin']] },
  {
    section: 'community',
    links: [['communityList', '/circle-admin/community-admin/community-list'], ['communitySummary', '/circle-admin/community-admin/community-summary'], ['communityUsers', '/circle-admin/community-admin/user-admin']],
  },
  { section: 'course', links: [['courseList', '/circle-admin/course/list'], ['courseContent', '/circle-admin/course/content'], ['courseUsers', '/circle-admin/course/user-list']] },
  { section: 'live', links: [['liveColumns', '/circle-admin/live/live-column-list'], ['liveList', '/circle-admin/live/live-list'], ['liveUsers', '/circle-admin/live/live-user-admin']] },
  { section: 'data', links: [['dataOrder', '/circle-admin/data/order'], ['dataSale', '/circle-admin/data/sale'], ['dataUser', '/circle-admin/data/user']] },
  { section: 'operate', links: [['operateRights', '/circle-admin/operate/rights'], ['operateSort', '/circle-admin/operate/sort']] },
] as const

export type ConsoleSection = (typeof CONSOLE_MENU)[number]['section']
export type ConsoleLinkKey = (typeof CONSOLE_MENU)[number]['links'][number][0]

/** Pages that hang under a list without sitting below its path (a community's detail is reached from the list). */
const ALSO: readonly (readonly [ConsoleLinkKey, string])[] = [['communityList', '/circle-admin/community-admin/community-detail']]

/** The menu link a path belongs to: the longest link that is the path or a parent of it (…/circle-list/circle-create → circleList). */
export function activeLink(path: string): ConsoleLinkKey | null {
  let best: { key: ConsoleLinkKey; len: number } | null = null
  const links = [...CONSOLE_MENU.flatMap((s) => s.links.map(([key, href]) => [key, href] as const)), ...ALSO]
  for (const [key, href] of links) if ((path === href || path.startsWith(`${href}/`)) && (!best || href.length > best.len)) best = { key, len: href.length }
  return best?.key ?? null
}
