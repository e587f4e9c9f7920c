import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { anyOf } from '../permissions.js';
import { boolText, compactText, defineSetting, enumText, intText, settingKey as key, when, withMeta } from './define.js';

const coord = intText(0, LIMITS.osdCoordinateMax);
const logoOff = when('enablelogo', 'false');
const timeOff = when('enabledatetime', 'false');
const textOff = when('enabletext', 'false');
export const OSD_FONTS = ['calibri', 'times_new_roman', 'arial'] as const;
/** The uploaded logo is always stored under this name (spec §3, §7 uploadfile). */
export const LOGO_FILE = 'logo.argb';
/** The content type of the logo upload: a raw bottom-up ARGB raster (spec §7 uploadfile). */
export const LOGO_TYPE = 'image/x-rgb';

export const settingOsd = defineSetting({
  description: 'On-screen display: logo, date/time, text and font.',
  read: anyOf('logotitle'),
  write: anyOf('logotitle'),
  keys: {
    enablelogo: key('false', boolText, 'Show the logo.'),
    logowidth: key('160', coord, `Logo width in pixels, 0-${LIMITS.osdCoordinateMax}.`, { disabledWhen: logoOff }),
    logoheight: key('90', coord, `Logo height in pixels, 0-${LIMITS.osdCoordinateMax}.`, { disabledWhen: logoOff }),
    logox: key('20', coord, 'Logo left edge in pixels.', { disabledWhen: logoOff }),
    logoy: key('20', coord, 'Logo top edge in pixels.', { disabledWhen: logoOff }),
    // Any string is accepted and then forced back: the name is not the user's to choose.
    logoname: key(LOGO_FILE, withMeta(z.string(), { kind: 'any' }), `Logo file name, always ${LOGO_FILE}.`),
    enabledatetime: key('false', boolText, 'Show the date and time.'),
    timex: key('1400', coord, 'Date/time left edge in pixels.', { disabledWhen: timeOff }),
    timey: key('20', coord, 'Date/time top edge in pixels.', { disabledWhen: timeOff }),
    enabletext: key('false', boolText, 'Show the text overlay.'),
    // Spec §5: whitespace is stripped from the OSD text (as from URLs and codes), while typing and on save.
    textcontent: key('', compactText(LIMITS.osdTextMax), `Overlay text, at most ${LIMITS.osdTextMax} characters, whitespace stripped.`, {
      disabledWhen: textOff,
    }),
    textx: key('20', coord, 'Text left edge in pixels.', { disabledWhen: textOff }),
    texty: key('1000', coord, 'Text top edge in pixels.', { disabledWhen: textOff }),
    fontname: key('arial', enumText(OSD_FONTS), 'Font: calibri, times_new_roman or arial.'),
    fontsize: key('10', coord, `Font size, 0-${LIMITS.osdCoordinateMax}.`),
    fontcolor: key(
      '000000',
      withMeta(
        z
          .string()
          .trim()
          .regex(/^[0-9A-Fa-f]{6}$/, 'must be 6 hex digits RRGGBB without #'),
        { kind: 'text', maxLength: 6, format: 'hexColor' },
      ),
      'Font colour RRGGBB.',
    ),
  },
  normalize: (v) => ({ ...v, logoname: LOGO_FILE }),
});
