// The 'circleAdminData' texts, registered when a module that shows them loads (see ui/i18n/i18n.ts).
import { addTexts } from '../i18n'
import { circleAdminData } from '../zh-cn-circle-admin-data'

addTexts({ circleAdminData })
