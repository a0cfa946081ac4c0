// The 'reading' texts, registered when a module that shows them loads (see ui/i18n/i18n.ts).
import { addTexts } from '../i18n'
import { reading } from '../zh-cn-reading'

addTexts({ reading })
