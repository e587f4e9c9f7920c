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
    expect(localizeServerMessage('User t1 has been logined, insufficient permissions to perform login.')).toBe(
      '用户 t1 已登录，权限不足，无法登录。',
    );
    await i18n.changeLanguage('en_US');
  });

  it('translates the refusals of recording control, layouts and schedules', async () => {
    await i18n.changeLanguage('zh_HK');
    expect(localizeServerMessage(MESSAGES.storageLow)).toBe('錄製儲存空間不足。');
    expect(localizeServerMessage('Fail to set layout: slot 4: Duplicate channel is not allowed.')).toBe(
      '設定版面失敗：版面 4：不允許重複的通道。',
    );
    // The schedule modal shows messageSubmitScheduleFail, then the reason through this (schedule-rules.ts).
    expect(localizeServerMessage('schedule 12 does not exist')).toBe('排程 12 不存在');
    await i18n.changeLanguage('en_US');
  });

  it('leaves other server text (e.g. a validation message) as it came', () => {
    expect(localizeServerMessage('usercode: must not be empty')).toBe('usercode: must not be empty');
  });
});
