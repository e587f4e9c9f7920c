import type { CallData } from '@roomcast/contract';

type Last = NonNullable<CallData<'updateinfo'>['last']>;
type T = (key: string, opts?: Record<string, unknown>) => string;

/** Why the launcher rolled a release back, from its `exit:<code>` / `timeout:<seconds>`, in the reader's language. */
export function rollbackReason(reason: string, t: T): string {
  const [kind, value] = reason.split(':');
  if (kind === 'exit') return t('update.reason.exit', { code: value });
  if (kind === 'timeout') return t('update.reason.timeout', { seconds: value });
  return reason;
}

/** The last update's outcome as one line. */
export function lastUpdateText(last: Last, t: T): string {
  if (last.result === 'installed') return t('update.lastInstalled', { version: last.version, from: last.from || '—', at: last.at });
  return t('update.lastRolledBack', { version: last.version, from: last.from || '—', at: last.at, reason: rollbackReason(last.reason, t) });
}

/** Megabytes with one decimal, for file sizes. */
export const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Why a chosen file cannot be sent, or undefined: the service refuses these too, but the browser need not send them. */
export function choiceProblem(file: { name: string; size: number }, maxBytes: number, t: T): string | undefined {
  if (!/\.tar$/i.test(file.name)) return t('update.notTar');
  if (file.size > maxBytes) return t('update.tooLarge', { max: megabytes(maxBytes) });
  return undefined;
}
