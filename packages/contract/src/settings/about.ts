import { LIMITS } from '../limits.js';
import { ADMIN, DENIED, SESSION } from '../permissions.js';
import { anyText, compactText, defineSetting, settingKey as key, textMax } from './define.js';

export const settingVersion = defineSetting({
  description: 'Versions of the appliance (computed by the service).',
  read: SESSION,
  write: DENIED,
  keys: {
    systemversion: key('', anyText, 'Operating system / runtime version.', { readOnly: true }),
    softversion: key('', anyText, 'Roomcast version.', { readOnly: true }),
    productserialnumber: key('', anyText, 'Copy of setting_product.serialnumber.', { readOnly: true }),
  },
});

const field = compactText(LIMITS.productFieldMax);

export const settingProduct = defineSetting({
  description: 'Product identity shown on the About page (edited by an administrator in the hidden panel).',
  read: SESSION,
  write: ADMIN,
  keys: {
    name: key('Roomcast', field, `Product name, at most ${LIMITS.productFieldMax} characters, spaces removed.`),
    // Spec §1 labels the device "B3 PLUS"; product fields have their spaces stripped (§5).
    model: key('B3PLUS', field, `Model, at most ${LIMITS.productFieldMax} characters, spaces removed.`),
    serialnumber: key('', field, `Serial number, at most ${LIMITS.productFieldMax} characters, spaces removed.`),
    copyright: key('', textMax(LIMITS.copyrightMax), `Copyright line, at most ${LIMITS.copyrightMax} characters.`),
  },
});

/** Spec §1's model label: the stored default `B3PLUS` reads "B3 PLUS" (spaces cannot be stored); any other model as it is. */
export function productModelLabel(model: string): string {
  return model === settingProduct.keys.model.default ? 'B3 PLUS' : model;
}
