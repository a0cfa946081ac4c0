// The 'circleAdminCourse' texts, registered when a module that shows them loads (see ui/i18n/i18n.ts).
import { addTexts } from '../i18n'
import { circleAdminCourse } from '../zh-cn-circle-admin-course'

addTexts({ circleAdminCourse })
