import { afterAll, describe, expect, it } from 'vitest';
import { editIssues, SETTING_RULES } from '@roomcast/contract';
import i18n from '../../app/i18n';
import { issueText, saveFailureText } from './issue-text';

afterAll(() => i18n.changeLanguage('en_US'));

describe("setting issues in the reader's language", () => {
  it("tells a key rule from the key's metadata", async () => {
    await i18n.changeLanguage('en_US');
    expect(issueText('setting_audio_input', { key: 'analog_volume', message: 'must be between 0 and 100' })).toBe(
      'Enter a whole number from 0 to 100.',
    );
    expect(issueText('setting_room', { key: 'name', message: 'must be at most 30 characters' })).toBe('At most 30 characters.');
    expect(issueText('setting_metrics', { key: 'token', message: 'must be at least 32 characters' })).toBe('At least 32 characters.');
    await i18n.changeLanguage('zh_CN');
    expect(issueText('setting_audio_input', { key: 'analog_volume', message: 'must be a whole number' })).toBe(
      '请输入 0 到 100 之间的整数。',
    );
    expect(issueText('setting_metrics', { key: 'token', message: 'must be at least 32 characters' })).toBe('至少 32 个字符。');
  });

  it("says an SRT passphrase's shortest length (the contract's first issue for a short one)", async () => {
    await i18n.changeLanguage('en_US');
    const [issue] = editIssues('setting_live_srt', { passphrase: 'abcde' });
    expect(issueText('setting_live_srt', issue!)).toBe('At least 10 characters.');
  });

  it("names a URL's schemes in the reader's language", async () => {
    await i18n.changeLanguage('en_US');
    const issue = { key: 'mainurl', message: 'must be a rtmp:// or rtmps:// URL without spaces, quotes or $ ( ) ;' };
    expect(issueText('setting_live_rtmp', issue)).toBe('Enter a URL starting with rtmp:// or rtmps://, without spaces, quotes or $ ( ) ;.');
    await i18n.changeLanguage('zh_CN');
    expect(issueText('setting_live_rtmp', issue)).toBe('请输入以 rtmp://或rtmps:// 开头的地址，不能包含空格、引号或 $ ( ) ;。');
  });

  it('finds a cross-key rule again and names keys by their label', async () => {
    await i18n.changeLanguage('zh_HK');
    expect(
      issueText('setting_audio_input', { key: 'macin1', message: 'macin1 must be off while hdmi5 is on. Turn hdmi5 off first.' }),
    ).toBe('HDMI 5 開啟時 咪高峰 1 必須關閉，請先關閉 HDMI 5。');
    expect(issueText('setting_audio_input', { key: 'macin2', message: SETTING_RULES.audioBothMics })).toBe(
      '咪高峰 1 和咪高峰 2 不能同時開啟，請關閉其中一個。',
    );
  });

  it('translates a refused save part by part', async () => {
    await i18n.changeLanguage('en_US');
    const text = saveFailureText(
      'Invalid setting: analog_volume: must be between 0 and 100; Mic 1 and mic 2 cannot both be on. Turn one of them off.',
      ['setting_audio_input'],
    );
    expect(text).toBe(
      'Invalid setting: Analog input volume: Enter a whole number from 0 to 100.; Mic 1 and mic 2 cannot both be on. Turn one of them off.',
    );
    // Two codes of one save with the same key name: the code the service names labels it.
    const codes = ['setting_video_layout', 'setting_layout_animate'] as const;
    expect(saveFailureText('Invalid setting: setting_layout_animate.type: must be one of 0, 1, 2', codes)).toMatch(
      /^Invalid setting: Animation type: /,
    );
    expect(saveFailureText('Invalid setting: setting_video_layout.type: must be one of stretch, equalratio', codes)).toMatch(
      /^Invalid setting: Fit to window: /,
    );
    // A capture mode the plugged-in device does not offer (the service checks it; issue 20).
    const mode = 'Invalid setting: hdmi1size: The device of hdmi1 does not offer this format, size and rate. Choose one it lists.';
    expect(saveFailureText(mode, ['setting_video_devices'])).toBe(
      'Invalid setting: HDMI 1 picture size: The device of HDMI 1 does not offer this format, size and rate. Choose one it lists.',
    );
    await i18n.changeLanguage('zh_CN');
    expect(saveFailureText(mode, ['setting_video_devices'])).toMatch(
      /HDMI 1 分辨率: HDMI 1 的设备不支持此格式、分辨率和帧率。请选择它列出的选项。$/,
    );
    expect(saveFailureText('Invalid setting: something new', ['setting_audio_input'])).toMatch(/something new$/);
    expect(saveFailureText('The system is busy, please try again later.', [])).not.toBe('');
  });
});
