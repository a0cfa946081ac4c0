// Routes of the content calls of spec 000 §7 'Home and content' built in issue 25: one channel, one
// live channel's flashes, the NCP figures and the opportunity reminders. Registered by server/app.ts
// after its own content routes: /api/live-channels/all/lives (registered there) is matched before
// /api/live-channels/{id}/lives here.
import * as content from '../../core/api/content'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { channelDetail, DEFAULT_COUNT } from './articles'
import { ncpData, opportunityReminds } from './home-reminders'
import { channelLives, DEFAULT_LIMIT } from './lives'

export const registerContent: RegisterFeature = (app, { db }) => {
  route(app, content.channelDetail, ({ params }) => channelDetail(db, params.id))
  route(app, content.liveChannelLives, ({ params, query, lang }) =>
    channelLives(db, { id: params.id }, { onlyImportant: false, limit: query.limit ?? DEFAULT_LIMIT, liveId: query.liveId }, lang),
  )
  route(app, content.liveChannelLivesV4, ({ params, query, lang }) =>
    channelLives(
      db,
      { channel: params.channel },
      { onlyImportant: query.category === 'important', limit: query.limit ?? DEFAULT_LIMIT, liveId: query.liveId, after: query.timestamp },
      lang,
    ),
  )
  route(app, content.ncpData, () => ncpData(db))
  route(app, content.opportunityRemindList, ({ query, lang }) => opportunityReminds(db, query.page ?? 1, query.count ?? DEFAULT_COUNT, lang))
}
