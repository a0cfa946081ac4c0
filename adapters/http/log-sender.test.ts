import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import { sendLogs as sendLogsEndpoint } from '../../core/api/content'
import type { HttpPort } from '../../core/api/http-port'
import { sendLogs } from './log-sender'

const batch = { fileDate: '2024-05-01', logArray: ['[info] page view /news'], logPageNo: 3 }

function portAnswering(answer: () => Promise<unknown>) {
  const call = vi.fn(answer)
  return { http: { call } as unknown as HttpPort, call }
}

describe('sendLogs (spec 000 §7: POST /s/ with fileDate, logArray, logPageNo, expecting the text well done)', () => {
  it('posts the batch to the logs endpoint', async () => {
    const { http, call } = portAnswering(async () => 'well done')
    await sendLogs(http, batch)
    expect(call).toHaveBeenCalledWith(sendLogsEndpoint, { body: batch })
  })

  it('resolves true when the server answers exactly well done', async () => {
    expect(await sendLogs(portAnswering(async () => 'well done').http, batch)).toBe(true)
  })

  it.each([['Well done'], ['well done\n'], [' well done'], [''], ['ok'], [{ statusCode: 200 }], [undefined]])(
    'resolves false for the answer %j',
    async (answer) => {
      expect(await sendLogs(portAnswering(async () => answer).http, batch)).toBe(false)
    },
  )

  it('resolves false instead of failing when the call fails (logging never breaks a page)', async () => {
    const failing = portAnswering(async () => {
      throw new ApiError({ statusCode: 500, message: 'server error: HTTP 500' })
    })
    await expect(sendLogs(failing.http, batch)).resolves.toBe(false)
  })
})
