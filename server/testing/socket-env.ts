// The env @hono/node-server gives a request (`c.env.incoming`), faked for app.request(): the
// socket's remote address is what server/mode.ts remoteAddress() reads (sandboxes answer loopback only).
export const socketEnv = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } })
export const LOOPBACK = socketEnv('127.0.0.1')
