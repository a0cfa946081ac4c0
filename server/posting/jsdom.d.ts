// The one part of jsdom the sanitiser uses (sanitise.ts); @types/jsdom is not installed.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string)
    readonly window: Window & typeof globalThis
  }
}
