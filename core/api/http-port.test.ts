import { describe, expect, expectTypeOf, it } from 'vitest'
import * as Schema from 'effect/Schema'
import { endpoint, type ResultOf } from './endpoint'
import { FileResult, type CallInput, type HttpPort } from './http-port'
import { newsDetail, sendLogs } from './content'

describe('FileResult (spec 000 §7: spreadsheet and octet-stream responses pass through)', () => {
  const isFile = Schema.is(FileResult)

  it('accepts a Blob', () => {
    expect(isFile(new Blob(['a,b'], { type: 'application/vnd.ms-excel' }))).toBe(true)
  })

  it('rejects what is not a Blob', () => {
    for (const v of [null, undefined, 'blob', 12, {}, { size: 1, type: 'x' }, [new Blob([])]]) expect(isFile(v)).toBe(false)
  })

  it('types a file endpoint result as Blob', () => {
    const exportSheet = endpoint({ name: 'test.export', path: '/api/export', result: FileResult })
    expect(exportSheet.name).toBe('test.export')
    expectTypeOf<ResultOf<typeof exportSheet>>().toEqualTypeOf<Blob>()
  })
})

describe('HttpPort', () => {
  it('types input and result from the endpoint', () => {
    expectTypeOf<CallInput<typeof newsDetail>['params']>().toEqualTypeOf<{ readonly id: number } | undefined>()
    expectTypeOf<CallInput<typeof sendLogs>['body']>().toMatchTypeOf<
      { readonly fileDate: string; readonly logArray: ReadonlyArray<string>; readonly logPageNo: number } | undefined
    >()
    expectTypeOf<ReturnType<HttpPort['call']>>().toMatchTypeOf<Promise<unknown>>()
    const port: HttpPort = { call: async () => undefined as never, upload: async () => undefined as never }
    expectTypeOf(port.call(newsDetail, { params: { id: 1 } })).resolves.toHaveProperty('paragraphs')
  })
})
