/**
 * The state-machine visualiser's two names the server and the page share: the page's path, and the
 * meta the server puts in a page in local mode on a loopback request (never production) to turn the
 * visualiser on (ui/dev/inspector.ts devToolsEnabled, server/app.ts).
 */
export const DEV_TOOLS_META = 'gmh-dev-tools'
export const DEV_MACHINES_PATH = '/dev/machines'
