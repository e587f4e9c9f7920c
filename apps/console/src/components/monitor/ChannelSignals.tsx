import { useTranslation } from 'react-i18next';
import { type ChannelSignalState, detectedText, markedChannels } from './channel-signals';

/**
 * One small mark per channel with a source (status `signals`): a dot coloured by its state and the channel's letter;
 * the state is said in words to screen readers and on hover.
 */
export function ChannelSignals({ signals }: { signals: readonly ChannelSignalState[] | undefined }) {
  const { t } = useTranslation('system', { keyPrefix: 'monitor.signals' });
  const marked = markedChannels(signals);
  if (marked.length === 0) return null;
  return (
    <ul className="rc-signals" aria-label={t('title')} data-testid="channel-signals">
      {marked.map((s) => {
        const state = t(`state.${s.signal}`);
        // The size and rate it delivers, as the encode found them (while it runs).
        const mode = s.detected ? detectedText(s.detected, t) : undefined;
        const said = `${t('channel', { channel: s.channel })}: ${state}${mode ? `, ${mode}` : ''}`;
        return (
          <li key={s.channel} className={`rc-signal rc-signal-${s.signal}`} title={said}>
            <span className="rc-signal-dot" aria-hidden="true" />
            <span aria-hidden="true">{s.channel}</span>
            {mode && (
              <span className="rc-signal-mode" aria-hidden="true" data-testid={`signal-mode-${s.channel}`}>
                {mode}
              </span>
            )}
            <span className="rc-sr-only">{said}</span>
          </li>
        );
      })}
    </ul>
  );
}
