// `uptime`'s line (time, load averages), printed beside every figure: the machine is shared.
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'

export function uptime() {
  try {
    return `uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`
  } catch {
    return `load average: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`
  }
}
