import { useMemo } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../../app/messages';
import { useWebConfig } from '../../../app/webconfig';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import type { SettingsEditOptions } from '../../../components/settings/use-settings-edit';
import { effectPanels } from './effect-panels';
import { LayoutCard } from './LayoutCard';

/** Spec §8: the animation save says 'Saved successfully', or 'Fail to save animate setting' and reads the device again. */
const SAVE_TEXTS: SettingsEditOptions = {
  messages: {
    saved: () => tMessage('messageSucc'),
    failed: (text) => `${tMessage('messageFail')}: ${text}`,
    resetOnFailure: true,
  },
};

/*
 * /console/operation/opeeffect (spec §2 Video effect): the fit of sources in their windows and the layout animation
 * over the shared SettingsPanel, then the saved layouts (buttons, automatic switching, the layout modal). A saved fit
 * is on the picture at once; the animation shows at the next layout change.
 */
export default function EffectPage() {
  const { t } = useTranslation('menu');
  const { site } = useWebConfig();
  const panels = useMemo(() => effectPanels(site.mode4k), [site.mode4k]);
  return (
    <Flex vertical gap={16}>
      <SettingsPanel title={t('items.opeeffect')} panels={panels} options={SAVE_TEXTS} />
      <LayoutCard />
    </Flex>
  );
}
