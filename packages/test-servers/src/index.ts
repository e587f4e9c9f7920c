/**
 * Real servers for tests, browser tests and benchmarks, started on loopback with scratch configurations: one
 * place for launching Debian's nginx, whatever it plays (an RTMP destination, an HTTP cache in front of the service);
 * and the one Chromium setting of the browser tests and benchmarks.
 */
export * from './chromium.js';
export * from './free-port.js';
export * from './nginx.js';
export * from './nginx-rtmp.js';
export * from './ntp-server.js';
export * from './pebble.js';
export * from './prometheus.js';
export * from './upload-servers.js';
export * from './slapd.js';
export * from './openssl.js';
