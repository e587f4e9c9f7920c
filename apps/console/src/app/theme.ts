import type { ThemeConfig } from 'antd';

/** The console's one theme: antd's light algorithm with Roomcast's colours and a dark header. */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1565c0',
    colorLink: '#1565c0',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: { headerBg: '#0d2538', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f3f5f8' },
    Menu: { itemBorderRadius: 6 },
  },
};
