// The 'liveRoom' texts, registered when a module that shows them loads (see ui/i18n/i18n.ts).
import { addTexts } from '../i18n'
import { liveRoom } from '../zh-cn-live'

addTexts({ liveRoom })
