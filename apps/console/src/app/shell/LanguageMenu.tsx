import { Button, Dropdown } from 'antd';
import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { loadAntdLocale } from '../antd-locale';
import i18n, { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../i18n';

/** en_US / 简体中文 / 繁體中文, each named in its own language; the choice is kept in local storage. */
export function LanguageMenu({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  const items = LANGUAGES.map((code) => ({ key: code, label: t(`languages.${code}`) }));
  // Both text sets are in before the switch, so the whole page changes at once.
  const choose = async (next: Language) => {
    await Promise.all([loadAntdLocale(next), i18n.loadLanguages(next)]);
    await changeLanguage(next);
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [lang], onClick: ({ key }) => void choose(key as Language) }}
    >
      <Button
        type="text"
        className="rc-header-button"
        icon={<GlobalOutlined />}
        // The name starts with the text a person sees (WCAG 2.5.3); the narrow header shows only the icon.
        aria-label={narrow ? t('language') : `${t(`languages.${lang}`)} (${t('language')})`}
        data-testid="language-menu"
      >
        {narrow ? null : (
          <>
            {t(`languages.${lang}`)} <DownOutlined className="rc-caret" />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
