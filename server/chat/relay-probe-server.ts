// A real server with the local relay attached, in its own process, for the frame tests
// (socket-safety.test.ts): a malformed frame that ended the process ends this one, which the test
// sees as a server that no longer answers. The app on a clone of the test template, on 127.0.0.1 and
// a free port, which it prints as one JSON line ({"port": n}) once listening. Test support only.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from '../app'
import { cloneTemplate, TEST_NOW } from '../testing/template-db'
import { attachChatSocket } from './socket'
import { chatServiceFor } from './service'
import { chatConfig } from './config'

const db = await cloneTemplate()
const clock = () => TEST_NOW * 1000
const app = createApp({ db, clock, staticDir: '/nonexistent' })
const server = await new Promise<Server>((resolve) => {
  const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as Server)) as Server
})
attachChatSocket(server, chatServiceFor(db, clock), chatConfig({}).key, clock)
process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`)
