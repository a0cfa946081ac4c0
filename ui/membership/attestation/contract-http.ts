// Test helper (used by the membership view tests only): the fake HTTP port of ui/testing/render.tsx,
// held to the real contract. Every call's params, query and body are encoded with the endpoint's
// Effect Schemas (a view that sends what the server would refuse fails the test, as the fetch
// adapter would refuse it), and every answer must decode with the endpoint's result schema.
import * as Schema from 'effect/Schema'
import type { Endpoint } from '../../../core/api/endpoint'
import { fakeHttp, type FakeAnswer, type FakeHttp } from '../../testing/render'
import { errorMessage } from '../../../core/api/api-error'

const check = (schema: Schema.Top, value: unknown, what: string) => {
  try {
    Schema.encodeUnknownSync(schema as Schema.Codec<unknown, unknown>)(value)
  } catch (e) {
    throw new Error(`${what} breaks the contract: ${errorMessage(e)}`, { cause: e })
  }
}

export function contractHttp(answers: Record<string, FakeAnswer>): FakeHttp {
  const fake = fakeHttp(answers)
  return {
    ...fake,
    call(endpoint: Endpoint, input?: unknown) {
      const i = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown }
      try {
        check(endpoint.params, i.params ?? {}, `${endpoint.name} params`)
        check(endpoint.query, i.query ?? {}, `${endpoint.name} query`)
        if (i.body !== undefined) check(endpoint.body, i.body, `${endpoint.name} body`)
      } catch (e) {
        fake.calls.push({ name: endpoint.name, input: input as never })
        return Promise.reject(e) as never
      }
      return fake.call(endpoint, input as never).then((answer: unknown) => {
        check(endpoint.result, answer, `${endpoint.name} answer`)
        return answer
      }) as never
    },
  }
}
