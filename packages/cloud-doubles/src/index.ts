/**
 * Loopback doubles of cloud services that cannot run in tests (spec: "the client is real and the test server
 * on loopback speaks their documented HTTP API"). Each stores what it receives on disk, so a 1 GB upload
 * keeps its memory flat, and checks what the real service checks: auth headers, chunk offsets, resumes.
 */
export * from './google-drive.js';
export * from './dropbox.js';
export * from './opencast.js';
