// spec 001 §4: unread above 0 sets the page title to 您有{n}条未读消息 and swaps the favicon;
// at 0 the default title and icon return.

export interface PageMarker {
  readonly title: string
  readonly favicon: 'default' | 'unread'
}

export const unreadTitleText = (n: number): string => `您有${n}条未读消息`

export const unreadPageMarker = (unread: number, baseTitle: string): PageMarker =>
  unread > 0 ? { title: unreadTitleText(Math.floor(unread)), favicon: 'unread' } : { title: baseTitle, favicon: 'default' }
