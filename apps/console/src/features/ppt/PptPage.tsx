import { useTranslation } from 'react-i18next';
import { SettingsPanel } from '../../components/settings/SettingsPanel';
import { panel } from '../../components/settings/settings-form';
import { PptLink } from './PptLink';

/*
 * /console/operation/opeppt (spec §2 PPT; hidden in 4K mode): slide switching and push over setting_ppt. The engine
 * watches the slides channel while the picture is encoded (docs/media-engine.md "Slides"); the push panel shows the
 * public slides page's link as a QR code to download and a link to copy.
 */
const SWITCH = panel({
  title: 'screens.ppt.switch',
  code: 'setting_ppt',
  keys: ['switchenable', 'slidechannel', 'switchdiff', 'switchduration'],
  fields: { slidechannel: { help: 'screens.ppt.channelHelp' }, switchdiff: { widget: 'slider', help: 'screens.ppt.diffHelp' } },
});
const PUSH = panel({ title: 'screens.ppt.push', code: 'setting_ppt', keys: ['pushenable'] });
const PANELS = [SWITCH, PUSH];

export default function PptPage() {
  const { t } = useTranslation('menu');
  return (
    <SettingsPanel
      title={t('items.opeppt')}
      panels={PANELS}
      below={{ [PUSH.title]: (form) => <PptLink published={form.loaded?.setting_ppt?.pushenable === 'true'} /> }}
    />
  );
}
