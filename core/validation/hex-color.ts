// spec 000 §5: hex colour parsing accepts 3 or 6 digits (with or without a leading '#').

export interface Rgb {
  readonly r: number
  readonly g: number
  readonly b: number
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i

/** '#1a2B3c' → { r: 26, g: 43, b: 60 }; 'fa0' → { r: 255, g: 170, b: 0 }; anything else → null. */
export function parseHexColor(text: string): Rgb | null {
  const m = HEX.exec(text)
  const digits = m?.[1]
  if (digits === undefined) return null
  const full = digits.length === 3 ? Array.from(digits, (c) => c + c).join('') : digits
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  }
}

/** { r, g, b } (0–255 each) → '#rrggbb' in lower case. */
export function formatHexColor({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`
}
