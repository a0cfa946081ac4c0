import * as Schema from 'effect/Schema'
import { BoolFromString, CountFromString } from '../core/api/common'
console.log(Schema.decodeUnknownSync(BoolFromString)('1'), Schema.decodeUnknownSync(BoolFromString)('false'))
console.log(Schema.decodeUnknownSync(CountFromString)('10'))
try { Schema.decodeUnknownSync(CountFromString)('1000') } catch (e) { console.log(String(e)) }
console.log(Schema.encodeSync(BoolFromString)(true))
