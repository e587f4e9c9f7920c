/** Random bytes in a new metrics token: 256 bits, twice the contract's shortest (`METRICS_TOKEN_MIN` hex digits). */
const TOKEN_BYTES = 32;

/** A new bearer token for `setting_metrics.token`: 64 lowercase hex digits from the browser's CSPRNG. */
export function newMetricsToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
