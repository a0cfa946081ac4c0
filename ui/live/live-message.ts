// A message of core/live/limits.ts shown in the reader's script (the server converts its own answers; the
// ones core decides in the browser — an empty or too long comment — go through i18n here).
import { LIVE_MESSAGES } from '../../core/live/limits'
import { t } from '../i18n/i18n'
import '../i18n/texts/liveRoom'

const keyOf = new Map<string, keyof typeof LIVE_MESSAGES>(Object.entries(LIVE_MESSAGES).map(([k, v]) => [v, k as keyof typeof LIVE_MESSAGES]))

export function liveMessage(text: string): string {
  const key = keyOf.get(text)
  return key ? t(`liveRoom.messages.${key}`) : text
}
