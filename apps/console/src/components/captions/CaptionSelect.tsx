import { useId } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { trackName } from './caption-language';
import type { CaptionTracks } from './use-caption-tracks';
import './captions.css';

/**
 * The players' captions choice (the console's and the viewer's): a labelled list of the recording's tracks by their
 * label or language, and Off. Nothing shows for a recording without tracks.
 */
export function CaptionSelect({ captions }: { captions: CaptionTracks }) {
  const { t, i18n } = useTranslation('captions');
  const id = useId();
  if (captions.tracks.length === 0) return null;
  return (
    <div className="rc-caption-select" data-testid="caption-select">
      <label htmlFor={id}>{t('player.label')}</label>
      <Select
        id={id}
        size="small"
        value={captions.choice}
        onChange={captions.choose}
        popupMatchSelectWidth={false}
        options={[
          { value: '', label: t('player.off') },
          ...captions.tracks.map((track) => ({ value: track.language, label: trackName(t, track, i18n.language) })),
        ]}
      />
    </div>
  );
}
