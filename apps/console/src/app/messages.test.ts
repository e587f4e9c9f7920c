import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@roomcast/contract';
import i18n from './i18n';
import { localizeServerMessage, tMessage } from './messages';

describe('contract messages in the console', () => {
  it('fills {0} with the argument', async () => {
    await i18n.changeLanguage('en_US');
    expect(tMessage('confirmForceLogout', 'teacher1')).toBe(
      'User teacher1 is logged in. Do you want to force him to quit? This will force the playback operation to stop.',
    );
  });

  it('translates a server message back to its key, arguments included', async () => {
    await i18n.changeLanguage('zh_CN');
    expect(localizeServerMessage(MESSAGES.messageLoginFail)).toBe('登录失败，请重试。');
    expect(localizeServerMessage('User t1 has been logined, insufficient permissions to perform login.')).toBe('用户 t1 已登录，权限不足，无法登录。');
    await i18n.changeLanguage('en_US');
  });

  it('leaves other server text (e.g. a validation message) as it came', () => {
    expect(localizeServerMessage('usercode: must not be empty')).toBe('usercode: must not be empty');
  });
});
