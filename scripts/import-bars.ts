// Loads daily bars from CSV into daily_bars (issue 24): npm run import:bars -- file.csv [--stock 00700.HK]
// The common OHLCV layout `date,open,high,low,close,volume` with a `symbol` column (hk00700, 00700.HK,
// AAPL), or one stock for the whole file with --stock. Uses the server's database (DATA_DIR or
// DATABASE_URL, as npm start does). Every row is checked first; a file with any bad row writes nothing
// and lists each by its line number; importing the same file again changes nothing. A running server
// reads the new history when it next starts.
import { readFile } from 'node:fs/promises'
import { openDbFromEnv } from '../server/db/db'
import { migrate } from '../server/db/migrate'
import { importBarsCsv } from '../server/market/bars-csv'

const args = process.argv.slice(2)
const at = args.indexOf('--stock')
const stock = at >= 0 ? args[at + 1] : undefined
const files = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args
if (files.length !== 1 || (at >= 0 && !stock)) {
  console.error('usage: npm run import:bars -- file.csv [--stock 00700.HK]')
  process.exit(2)
}
const file = files[0] as string
const text = await readFile(file, 'utf8')
const db = await openDbFromEnv()
try {
  await migrate(db)
  const result = await importBarsCsv(db, text, stock)
  if (result.errors.length) {
    for (const e of result.errors) console.error(`${file}:${e.line}: ${e.message}`)
    console.error(`nothing imported: ${result.errors.length} bad row(s)`)
    process.exitCode = 1
  } else {
    const stocks = new Set(result.rows.map((r) => r.stock_id))
    console.log(`imported ${result.rows.length} daily bar(s) of ${stocks.size} stock(s) from ${file}`)
  }
} finally {
  await db.close()
}
