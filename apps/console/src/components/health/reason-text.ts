import { HEALTH_REASONS, healthReasonText } from '@roomcast/contract';
import type { TFunction } from 'i18next';

type Args = Record<string, string | number>;

/** Arguments that are codes (a disk, an upload target), read in the reader's language where the namespace has them. */
const CODED_ARGS = { disk: 'disks', target: 'targets' } as const;

/**
 * A check's reason in the reader's language (`health` namespace), with its arguments. A reason this console does not
 * know (a newer service) is shown in the service's English.
 */
export function reasonText(t: TFunction<'health'>, reason: string, args: Args): string {
  if (!Object.hasOwn(HEALTH_REASONS, reason)) return healthReasonText(reason, args);
  const values: Args = { ...args };
  for (const [name, group] of Object.entries(CODED_ARGS)) {
    const code = args[name];
    if (code !== undefined) values[name] = t(`${group}.${code}`, { defaultValue: String(code) });
  }
  // `replace`, not the options themselves: an argument named `count` must not pick a plural form.
  return t(`reasons.${reason}`, { replace: values });
}
