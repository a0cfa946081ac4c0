// The headers every answer carries (server/app.ts's first middleware, and the fast path: server/http/fast-path.ts).
// A route may set a stricter Content-Security-Policy of its own (stored uploads: server/uploads/routes.ts).

export function securityHeaders(csp: string): Readonly<Record<'X-Content-Type-Options' | 'Referrer-Policy' | 'Content-Security-Policy', string>> {
  return { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin', 'Content-Security-Policy': csp }
}
