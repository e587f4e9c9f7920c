import {
  formatMessage,
  MESSAGES,
  matchSettingRule,
  SETTINGS,
  type SettingCode,
  type SettingIssue,
  type SettingKeyDef,
  type ValueMeta,
} from '@roomcast/contract';
import i18n from '../../app/i18n';
import { localizeServerMessage, tMessage } from '../../app/messages';

/*
 * Setting issues in the reader's language. A key's own rule is told from its contract metadata
 * (`settings:errors.<kind or format>` with the range); a cross-key rule is found again from its English text
 * (contract `SETTING_RULES`) and shown as `settings:rules.<rule>`. Anything unknown stays as it came.
 */

const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, { ns: 'settings', ...options });

function keyRuleText(meta: ValueMeta, fallback: string): string {
  switch (meta.kind) {
    case 'int':
      return t('errors.int', { min: meta.min, max: meta.max });
    case 'enum':
    case 'bool':
      return t('errors.enum');
    case 'time':
    case 'datetime':
    case 'zone':
      return t(`errors.${meta.kind}`);
    case 'text': {
      if (/at most/.test(fallback)) return t('errors.maxLength', { max: meta.maxLength });
      // A shortest length is only in the rule's text, not in the metadata (e.g. setting_metrics' token).
      const min = /at least (\d+) characters/.exec(fallback)?.[1];
      if (min) return t('errors.minLength', { min });
      if (meta.format === 'url' && meta.schemes?.length) return t('errors.urlOf', { schemes: schemeList(meta.schemes) });
      return t(`errors.${meta.format}`, { defaultValue: fallback });
    }
    default:
      return fallback;
  }
}

/** `rtmp:// or rtmps://` in the reader's language. */
function schemeList(schemes: readonly string[]): string {
  const list = schemes.map((s) => `${s}://`);
  try {
    return new Intl.ListFormat(i18n.language.replace('_', '-'), { type: 'disjunction' }).format(list);
  } catch {
    return list.join(' / ');
  }
}

const hasKey = (code: SettingCode, key: string) => Object.hasOwn(SETTINGS[code].keys, key);

/** A cross-key rule's text in the reader's language (a key named in it by its label), or undefined for other text. */
function ruleText(message: string, codes: readonly SettingCode[]): string | undefined {
  const match = matchSettingRule(message);
  if (!match) return undefined;
  const template = t(`rules.${match.rule}`, { defaultValue: '' });
  if (!template) return undefined;
  const args = match.args.map((arg) => {
    const code = codes.find((c) => hasKey(c, arg));
    return code ? t(`${code}.${arg}`) : arg;
  });
  return formatMessage(template, ...args);
}

/** The text of an issue of `code` (from `editIssues`: a key's own rule is the rule alone, without the key). */
export function issueText(code: SettingCode, issue: SettingIssue): string {
  const rule = ruleText(issue.message, [code]);
  if (rule) return rule;
  const def = (SETTINGS[code].keys as Record<string, SettingKeyDef>)[issue.key];
  return def ? keyRuleText(def.meta, issue.message) : issue.message;
}

const INVALID_PREFIX = MESSAGES.settingInvalid.replace('{0}', '');

/**
 * A failed save's message: the service's "Invalid setting: a; b" with each part in the reader's language
 * ("key: rule" and "code.key: rule" parts name their field), any other message as `localizeServerMessage` gives it.
 */
export function saveFailureText(message: string, codes: readonly SettingCode[]): string {
  if (!message.startsWith(INVALID_PREFIX)) return localizeServerMessage(message);
  const parts = message
    .slice(INVALID_PREFIX.length)
    .split('; ')
    .map((part) => {
      const rule = ruleText(part, codes);
      if (rule) return rule;
      // "key: rule", or "code.key: rule" when the save wrote several codes (two may share a key name).
      const m = /^(?:(setting_\w+)\.)?(\w+): (.*)$/s.exec(part);
      if (!m) return part;
      const [, named, key, text] = m as unknown as [string, string | undefined, string, string];
      const code = named ? codes.find((c) => c === named && hasKey(c, key)) : codes.find((c) => hasKey(c, key));
      if (!code) return part;
      return `${t(`${code}.${key}`)}: ${issueText(code, { key, message: text })}`;
    });
  return tMessage('settingInvalid', parts.join('; '));
}
