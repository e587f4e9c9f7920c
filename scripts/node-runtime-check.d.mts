/** Throws when node_modules was built by another Node.js than this one (scripts/node-runtime-check.mjs). */
export function checkNodeRuntime(): void;
