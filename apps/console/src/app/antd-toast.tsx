import { ConfigProvider, message } from 'antd';
import { THEME } from './theme';
import { TOAST_CONFIG } from './toast-config';

// antd's static message lives outside the React tree, so a warning stays up across routes, e.g. "session
// expired" on the way to /login, where <App> and its message holder are gone. holderRender gives it the theme.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={THEME}>{children}</ConfigProvider> });
message.config(TOAST_CONFIG);

export { message };
