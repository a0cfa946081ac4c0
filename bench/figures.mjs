// The figures `npm run bench` prints, in order. To add one (search latency, chart rendering…),
// write bench/<figure>.mjs exporting `id`, `name` and `async run(ctx)` and list it here.
//
// ctx: { root, distDir, server, log, durationSeconds, warmupSeconds }
//   server: { url, port, output() } of the real server (server/main.ts on a temp DATA_DIR),
//           or null when it failed to start; log: prints one line (or several).
// run() prints its own detail and returns { summary: [[label, value, note], …] } for the final table.
// run() measures and prints; it never asserts a timing. Throwing marks the figure FAILED.
import * as clientSize from './client-size.mjs'
import * as serverThroughput from './server-throughput.mjs'
import * as searchLatency from './search-latency.mjs'
import * as chart from './chart.mjs'
import * as signedIn from './signed-in.mjs'
import * as serverMemory from './server-memory.mjs'
import * as soak from './soak.mjs'
import * as compressionLevels from './compression-levels.mjs'
import * as lighthouse from './lighthouse.mjs'
import * as portfolio from './portfolio-net-value.mjs'
import * as portfolioPage from './portfolio-page-js.mjs'
import * as chatGroup from './chat-group.mjs'
import * as liveRoom from './live.mjs'
import * as mixedLoad from './mixed-load.mjs'
import * as faults from './faults.mjs'

export const figures = [clientSize, compressionLevels, lighthouse, serverThroughput, signedIn, serverMemory, soak, chart, searchLatency, portfolio, portfolioPage, chatGroup, liveRoom, mixedLoad, faults]
