import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhHK from 'antd/locale/zh_HK';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';
import type { Language } from '../locales/resources';

type Locale = NonNullable<ConfigProviderProps['locale']>;

/** antd's own texts (pagination, Popconfirm buttons, empty states) and dayjs, in the console's language. */
export const ANTD_LOCALES: Record<Language, Locale> = { en_US: enUS, zh_CN: zhCN, zh_HK: zhHK };
export const DAYJS_LOCALES: Record<Language, string> = { en_US: 'en', zh_CN: 'zh-cn', zh_HK: 'zh-hk' };
