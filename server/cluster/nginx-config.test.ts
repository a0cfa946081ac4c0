// docs/deploy.md's nginx configuration is the one npm run cluster runs: both are rendered from
// server/cluster/nginx.conf.template (scripts/cluster.mjs nginxConfig), the doc's with DOC_NGINX_VALUES.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOC_NGINX_VALUES, nginxConfig } from '../../scripts/cluster.mjs'

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'deploy.md'), 'utf8')

describe("docs/deploy.md's nginx configuration", () => {
  it('is the template rendered with the doc values, whole', () => {
    const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1]
    expect(block).toBe(nginxConfig(DOC_NGINX_VALUES))
  })

  it('the loopback rendering differs only in the values: upstreams, listeners, name, certificate', () => {
    const loopback = nginxConfig({ upstreams: ['127.0.0.1:5001'], listen: ['127.0.0.1:5000', '127.0.0.1:5443 ssl'], serverName: 'localhost', certificate: '/tmp/c.pem', certificateKey: '/tmp/c.key' })
    const strip = (conf: string) => conf.split('\n').filter((l) => !/^\s*(server 127|listen |server_name |ssl_certificate)/.test(l)).join('\n')
    expect(strip(loopback)).toBe(strip(nginxConfig(DOC_NGINX_VALUES)))
    expect(loopback).toContain('    server 127.0.0.1:5001 max_fails=0;')
    expect(loopback).toContain('    listen 127.0.0.1:5443 ssl;')
    expect(loopback).not.toMatch(/\{\{/)
  })

  it('every location passes the reader address and scheme (nginx inherits proxy_set_header only into a block that sets none)', () => {
    const conf = nginxConfig(DOC_NGINX_VALUES)
    const locations = conf.split(/\n {4}location /).slice(1)
    expect(locations.length).toBeGreaterThanOrEqual(4)
    for (const l of locations) {
      expect(l).toContain('proxy_set_header X-Forwarded-For $remote_addr;')
      expect(l).toContain('proxy_set_header X-Forwarded-Proto $scheme;')
      expect(l).toContain('proxy_set_header Host $http_host;')
    }
    expect(conf).not.toContain('$proxy_add_x_forwarded_for')
  })
})
