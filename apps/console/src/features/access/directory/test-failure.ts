import { MESSAGES } from '@roomcast/contract';

/** The steps of talking to the directory that a failed `ldaptest` names (the service's `LdapStep`), in their order. */
export const LDAP_STEPS = ['connect', 'starttls', 'bind', 'search', 'userbind'] as const;
export type LdapStep = (typeof LDAP_STEPS)[number];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `ldapTestFailed` as the service words it, with the step (`{0}`) and the directory's words (`{1}`) to read back. */
const FAILED_AT = new RegExp(`^${escapeRegExp(MESSAGES.ldapTestFailed).replace('\\{0\\}', '(\\w+)').replace('\\{1\\}', '(.*)')}$`, 's');

/**
 * The step a directory test failed at and the directory's own words, from the service's `ldapTestFailed` message, so
 * the step can be named in the reader's language; undefined for any other message (or a step this console does not know).
 */
export function failedStep(message: string): { step: LdapStep; reason: string } | undefined {
  const match = FAILED_AT.exec(message);
  const step = LDAP_STEPS.find((s) => s === match?.[1]);
  return match && step ? { step, reason: match[2] ?? '' } : undefined;
}
