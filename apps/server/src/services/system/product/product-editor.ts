import type { SettingsService } from '../../settings/index.js';

export interface ProductEditorDeps {
  /** The access domain's check of an administrator's credentials (login's throttle; `passwordWrong` otherwise). */
  checkAdmin: (usercode: string, password: string, source: string) => Promise<void>;
  settings: SettingsService;
}

/**
 * The About page's hidden product editor (`editproduct`): the service checks the administrator's credentials the
 * panel asks for, then, with values, writes `setting_product` as writeconfig would (the contract's validators, all or
 * nothing). Whoever opened the page (`about`) may edit the product with an administrator's credentials.
 */
export function productEditor(d: ProductEditorDeps) {
  return {
    async edit(usercode: string, password: string, source: string, data?: { key: string; value: string }[]): Promise<void> {
      await d.checkAdmin(usercode, password, source);
      if (data) await d.settings.write([{ code: 'setting_product', data }]);
    },
  };
}
