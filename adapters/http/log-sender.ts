// spec 000 §7: logs are sent by POST to /s/ with fileDate, logArray, logPageNo, expecting the text 'well done'.
import { sendLogs as sendLogsEndpoint } from '../../core/api/content'
import type { BodyOf } from '../../core/api/endpoint'
import type { HttpPort } from '../../core/api/http-port'

export type LogBatch = BodyOf<typeof sendLogsEndpoint>

const ACCEPTED = 'well done'

/** True only when the server answered exactly 'well done'; a failed call is false, never an error. */
export async function sendLogs(http: HttpPort, batch: LogBatch): Promise<boolean> {
  try {
    return (await http.call(sendLogsEndpoint, { body: batch })) === ACCEPTED
  } catch {
    return false
  }
}
