// The phones of a group import (spec 001 §7 excel-join / excel-remove): an xlsx read with exceljs or a
// csv read with papaparse. Every cell of the first sheet that holds a phone (8 or 11 digits, an
// optional +code) counts, so a header row or a name column does no harm. A file that is neither
// answers 400 with a Chinese message.
import { Readable } from 'node:stream'
import Papa from 'papaparse'
import { ApiError } from '../http/api-error'
import { BATCH_MAX, CHAT_MESSAGES as M, SPREADSHEET_MAX_BYTES } from '../../core/chat/limits'

const PHONE = /^(\+?\d{1,4}[ -]?)?\d{8,11}$/
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

const phoneOf = (value: unknown): string | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  return PHONE.test(text) ? text.replace(/^\+?\d{1,4}[ -](?=\d{8,11}$)/, '') : null
}

export async function phonesFromSpreadsheet(bytes: Uint8Array, name: string): Promise<string[]> {
  if (bytes.byteLength > SPREADSHEET_MAX_BYTES) throw new ApiError(413, M.spreadsheetTooLarge)
  const isZip = ZIP_MAGIC.every((b, i) => bytes[i] === b)
  const cells: unknown[] = []
  if (isZip || /\.xlsx$/i.test(name)) {
    // imported on the first xlsx (~1.2 s to load): a process that never reads one does not pay for it
    const { default: ExcelJS } = await import('exceljs')
    try {
      const book = new ExcelJS.Workbook()
      // read from a stream: exceljs types load()'s Buffer as an ArrayBuffer, which a Node Buffer is not
      await book.xlsx.read(Readable.from([Buffer.from(bytes)]))
      const sheet = book.worksheets[0]
      sheet?.eachRow((row) => row.eachCell((cell) => cells.push(typeof cell.value === 'object' && cell.value !== null ? cell.text : cell.value)))
    } catch {
      throw new ApiError(400, M.badSpreadsheet)
    }
  } else {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
    if (text.includes('\u0000')) throw new ApiError(400, M.badSpreadsheet)
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true })
    for (const row of parsed.data) if (Array.isArray(row)) cells.push(...row)
  }
  const phones = [...new Set(cells.map(phoneOf).filter((p): p is string => p !== null))]
  if (phones.length === 0) throw new ApiError(400, M.badSpreadsheet)
  if (phones.length > BATCH_MAX) throw new ApiError(400, M.tooManyRows)
  return phones
}
