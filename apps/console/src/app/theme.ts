import type { ThemeConfig } from 'antd';

/**
 * Text colours that pass WCAG 2 AA (4.5:1 for body text) on white and on the grey page (#f3f5f8). antd's
 * defaults do not: secondary text (#8c8c8c) is 3.36:1, danger red (#ff4d4f) 3.26:1. login.css and the
 * workbench's plain CSS use the same values.
 */
export const CONTRAST = {
  /** Secondary and descriptive text, empty states, captions: #666 on white, 5.7:1 (5.3:1 on the page). */
  textSecondary: 'rgba(0, 0, 0, 0.6)',
  /** Placeholders: #757575 on white, 4.6:1. */
  textPlaceholder: 'rgba(0, 0, 0, 0.54)',
  /** Errors and danger buttons (red text on white, white on red): 5.6:1. */
  error: '#cf1322',
  /** Hovered and pressed danger buttons get darker, not lighter (antd's lighter red is 4.0:1): 7.8:1, 10:1. */
  errorHover: '#a8071a',
  errorActive: '#820014',
  /** Primary buttons (white on it) and links: 5.8:1. */
  primary: '#1565c0',
  /** Hovered and pressed primary buttons and links, darker for the same reason: 7.7:1, 8.6:1. */
  primaryHover: '#10529f',
  primaryActive: '#0d47a1',
  /** Advice under a form field (antd's warning gold, #faad14, is 1.9:1): orange 7 darkened, 5.4:1 (5.0:1 on the page). */
  warningText: '#ad4e00',
} as const;

/**
 * Tag text is palette step 7 on step 1; for these colours step 7 is below 4.5:1 (gold 2.76:1), so they take a
 * darker step. red, blue, geekblue, purple and magenta pass as they are.
 */
const TAG_TEXT = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
} as const;

/** The console's one theme: antd's light algorithm with Roomcast's colours and a dark header. */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: CONTRAST.primary,
    colorLink: CONTRAST.primary,
    colorPrimaryHover: CONTRAST.primaryHover,
    colorPrimaryActive: CONTRAST.primaryActive,
    colorLinkHover: CONTRAST.primaryHover,
    colorLinkActive: CONTRAST.primaryActive,
    colorError: CONTRAST.error,
    colorErrorHover: CONTRAST.errorHover,
    colorErrorActive: CONTRAST.errorActive,
    colorTextSecondary: CONTRAST.textSecondary,
    // Also antd's colorTextDescription (Typography secondary, Empty, Result subtitles, form help).
    colorTextTertiary: CONTRAST.textSecondary,
    colorTextPlaceholder: CONTRAST.textPlaceholder,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: { headerBg: '#0d2538', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f3f5f8' },
    Menu: { itemBorderRadius: 6 },
    // The status tags (success, processing, warning) take their text from these tokens: antd's green (2.2:1 on its
    // light green), blue and gold are below 4.5:1, so they take the darker steps above (a done upload's tag).
    Tag: { ...TAG_TEXT, colorSuccess: TAG_TEXT.green7, colorInfo: CONTRAST.primary, colorWarning: CONTRAST.warningText },
    // Only the form's warning line and icon: the warning gold of borders and alert icons is no text to read.
    Form: { colorWarning: CONTRAST.warningText },
    // The "no data" line of a table is drawn in the disabled colour (#bfbfbf, 1.8:1), yet it is text to read.
    Table: { colorTextDisabled: CONTRAST.textSecondary },
  },
};
