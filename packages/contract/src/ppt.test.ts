import { describe, expect, it } from 'vitest';
import { PPT_PAGE_TEXT, pptPageLanguage } from './ppt.js';

describe('the slides page language', () => {
  it('follows Accept-Language: Traditional and Simplified Chinese, else English', () => {
    expect(pptPageLanguage('zh-HK,zh;q=0.9')).toBe('zh_HK');
    expect(pptPageLanguage('zh-TW')).toBe('zh_HK');
    expect(pptPageLanguage('zh-Hant-HK')).toBe('zh_HK');
    expect(pptPageLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh_CN');
    expect(pptPageLanguage('zh')).toBe('zh_CN');
    expect(pptPageLanguage('fr-FR,en;q=0.5,zh;q=0.4')).toBe('en_US');
    expect(pptPageLanguage('en;q=0.3,zh-CN;q=0.9')).toBe('zh_CN');
    expect(pptPageLanguage('zh-CN;q=0')).toBe('en_US');
    expect(pptPageLanguage(undefined)).toBe('en_US');
  });

  it('has every text in the three languages', () => {
    const keys = Object.keys(PPT_PAGE_TEXT.en_US).sort();
    for (const texts of Object.values(PPT_PAGE_TEXT)) {
      expect(Object.keys(texts).sort()).toEqual(keys);
      for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
    }
  });
});
