// hls.js's light build (no subtitles, alternate audio or DRM: a live room has none) ships without its own
// type file; it has the full build's API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
