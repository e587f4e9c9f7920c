import { Flex, Typography } from 'antd';
import { METER_FLOOR_DB, type LevelsMessage, type MeterLevel } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import type { LevelsConnection } from '../../api/monitor';
import { formatDb, meterPercent, meterValue, meterZone } from './meter-scale';
import './monitor.css';

/** The inputs' names as the Audio settings screen calls them. */
const INPUTS = ['macin1', 'macin2', 'linein1', 'linein2', 'hdmi5'] as const;
/** Marks under the meters: the floor, the colour changes and full scale. */
const SCALE = [METER_FLOOR_DB, -40, -18, -9, 0];

/** One meter: the RMS as the bar, the peak as a line, coloured by the peak; a meter role for assistive technology. */
function Meter({ level, label }: { level: MeterLevel; label: string }) {
  const { t } = useTranslation('system', { keyPrefix: 'monitor' });
  const peak = formatDb(level.peak);
  const rms = formatDb(level.rms);
  const text = peak === undefined ? t('meters.silent') : t('meters.valueText', { peak, rms: rms ?? '\u2212\u221e' });
  const zone = meterZone(level.peak);
  return (
    <div className="rc-meter-row" data-testid={`meter-${level.id}`}>
      <Typography.Text className="rc-meter-label">{label}</Typography.Text>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot draw an RMS bar with a peak line; this one carries the meter role, range and values */}
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={METER_FLOOR_DB}
        aria-valuemax={0}
        aria-valuenow={meterValue(level.peak)}
        aria-valuetext={text}
        className={`rc-meter rc-meter-${zone}`}
      >
        <div className="rc-meter-rms" style={{ width: `${meterPercent(level.rms)}%` }} />
        <div className="rc-meter-peak" style={{ left: `${meterPercent(level.peak)}%` }} />
      </div>
      <Typography.Text type="secondary" className="rc-meter-value" aria-hidden>
        {peak ?? '\u2212\u221e'}
      </Typography.Text>
    </div>
  );
}

interface Props {
  levels: LevelsMessage | undefined;
  connection: LevelsConnection;
  /** The stream asked for the encode (`useLevels(true)`): while it is not running yet, the meters are about to start. */
  starting?: boolean;
}

/** One bar per enabled audio input and one for the program (the mix as recorded), in dBFS. */
export function AudioMeters({ levels, connection, starting }: Props) {
  const { t } = useTranslation('system', { keyPrefix: 'monitor' });
  const name = (id: string) => ((INPUTS as readonly string[]).includes(id) ? t(`meters.inputs.${id}`) : id);
  const note =
    connection === 'reconnecting'
      ? t('meters.reconnecting')
      : connection === 'refused'
        ? t('meters.refused')
        : levels && !levels.running
          ? t(starting ? 'meters.starting' : 'meters.idle')
          : levels && !levels.inputs.length
            ? t('meters.noInputs')
            : undefined;
  return (
    <Flex vertical gap={8} className="rc-meters" data-testid="audio-meters">
      <Typography.Text strong>{t('meters.title')}</Typography.Text>
      {levels?.running && (
        <div className="rc-meter-list">
          {levels.inputs.map((level) => (
            <Meter key={level.id} level={level} label={name(level.id)} />
          ))}
          {levels.program && <Meter level={levels.program} label={t('meters.program')} />}
        </div>
      )}
      {levels?.running && (
        <div className="rc-meter-row" aria-hidden>
          <span />
          <div className="rc-meter-scale">
            {SCALE.map((db) => (
              <span key={db} style={{ left: `${meterPercent(db)}%` }}>
                {formatDb(db)}
              </span>
            ))}
          </div>
          <span className="rc-meter-value">dBFS</span>
        </div>
      )}
      {note && (
        <Typography.Text type="secondary" data-testid="meters-note">
          {note}
        </Typography.Text>
      )}
    </Flex>
  );
}
