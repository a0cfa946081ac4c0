// A QR code drawn in the browser (the qrcode package) as an image address, read like any answer
// (ui/common/use-read.ts): `useRead(qrCode(text))`, keyed by its text, so two views of one text
// share it and a new text never shows the old code.
import QRCode from 'qrcode'
import type { Read } from './use-read'

export function qrCode(text: string): Read<string> {
  return {
    key: { endpoint: 'local.qrCode', params: { text } },
    load: async () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))}`,
  }
}
