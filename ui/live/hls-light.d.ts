// hls.js ships no types for its light build (package.json "./light" has no "types"); it is the same API
// without subtitles, alternate audio and DRM, which a live room does not use.
declare module 'hls.js/light' {
  export { default } from 'hls.js'
  export * from 'hls.js'
}
