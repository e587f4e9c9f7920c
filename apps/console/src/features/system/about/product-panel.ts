import { productModelLabel } from '@roomcast/contract';
import { panel } from '../../../components/settings/settings-form';

/** setting_version: the OS, Roomcast's version and commit, the serial number (computed by the service, read-only). */
export const VERSION_PANEL = panel({ title: 'screens.about.version', code: 'setting_version' });

/** setting_product: shown on the About page, edited in its hidden product editor; the default model reads "B3 PLUS". */
export const PRODUCT_PANEL = panel({
  title: 'screens.about.product',
  code: 'setting_product',
  fields: { model: { display: productModelLabel } },
});
