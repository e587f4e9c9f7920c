import { formatMessage, MESSAGES, type MessageKey } from '@roomcast/contract';
import i18n from './i18n';

/** A contract message (spec §8) in the current language; `{0}` is the first argument. */
export function tMessage(key: MessageKey, ...args: (string | number)[]): string {
  return formatMessage(i18n.t(key, { ns: 'messages', defaultValue: MESSAGES[key] }), ...args);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The service answers business failures with the contract's English text; matching it back to its key lets
// the console show the message in the reader's language, arguments included.
const PATTERNS: { key: MessageKey; pattern: RegExp }[] = (Object.keys(MESSAGES) as MessageKey[]).map((key) => ({
  key,
  pattern: new RegExp(`^${escapeRegExp(MESSAGES[key]).replace(/\\\{\d+\\\}/g, '(.*?)')}$`, 's'),
}));

/** The server's message in the current language when it is a contract message; otherwise as it came. */
export function localizeServerMessage(text: string): string {
  for (const { key, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return tMessage(key, ...match.slice(1));
  }
  return text;
}
