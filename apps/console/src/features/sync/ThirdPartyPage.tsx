import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsPanel } from '../../components/settings/SettingsPanel';
import { ftpPanel } from './FtpPanel';
import { mediaServerModule } from './MediaServerPanel';
import type { PanelModule } from './panel-module';

/*
 * /console/advance/3rdpart (spec §2 Advanced → Third-party): the FTP panel, and the hidden panels that open
 * when the FTP title icon is double-clicked, all on the one SettingsPanel. Each part is a PanelModule in its
 * own file; the uploads themselves run in the service's upload queue (services/sync).
 */

/** The hidden panels, in order (the media-server panel adds itself here: one import, one entry). */
const HIDDEN: PanelModule[] = [mediaServerModule];

export default function ThirdPartyPage() {
  const { t } = useTranslation('menu');
  const [revealed, setRevealed] = useState(false);
  const modules = useMemo(() => [ftpPanel(() => setRevealed(true)), ...(revealed ? HIDDEN : [])], [revealed]);
  const panels = useMemo(() => modules.flatMap((m) => m.panels), [modules]);
  const titles = Object.assign({}, ...modules.map((m) => m.titles ?? {}));
  const below = Object.assign({}, ...modules.map((m) => m.below ?? {}));
  return <SettingsPanel title={t('items.thirdpart')} panels={panels} titles={titles} below={below} />;
}
