import { panel, type PanelDecl } from '../../../components/settings/settings-form';

export const LOGO_PANEL = 'screens.osd.logo';

/**
 * The panels of /console/operation/opeosd (spec §2 OSD: logo, date/time, text overlay, font) over setting_osd.
 * Positions and sizes are pixels of a 1920-wide picture (the engine scales them to the picture's width).
 */
export const OSD_PANELS: PanelDecl[] = [
  panel({ title: LOGO_PANEL, code: 'setting_osd', keys: ['enablelogo', 'logowidth', 'logoheight', 'logox', 'logoy'] }),
  panel({ title: 'screens.osd.datetime', code: 'setting_osd', keys: ['enabledatetime', 'timex', 'timey'] }),
  panel({ title: 'screens.osd.text', code: 'setting_osd', keys: ['enabletext', 'textcontent', 'textx', 'texty'] }),
  panel({ title: 'screens.osd.font', code: 'setting_osd', keys: ['fontname', 'fontsize', 'fontcolor'] }),
];
