// Printing helpers shared by the benchmark figures.

/** Bytes as kilobytes, 1 KB = 1000 bytes (vite's kB), one decimal. */
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`

/** A number with thousands separators and a fixed number of decimals. */
export const num = (n, decimals = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })

/** A plain-text table: header, a dashed rule, rows; columns separated by two spaces. */
export function table(headers, rows, { align = [] } = {}) {
  const widths = headers.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i] ?? '').length)))
  const cell = (v, i) => (align[i] === 'left' ? String(v ?? '').padEnd(widths[i]) : String(v ?? '').padStart(widths[i]))
  const line = (cells) => cells.map(cell).join('  ').trimEnd()
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}
