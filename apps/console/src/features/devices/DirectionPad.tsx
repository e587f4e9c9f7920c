import type { KeyboardEvent } from 'react';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HoldButton } from './HoldButton';
import type { PtzDirection } from './ptz-press';
import type { PtzPressApi } from './use-ptz-press';

const ARROWS: Record<string, PtzDirection> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
const ICONS = { up: <ArrowUpOutlined />, down: <ArrowDownOutlined />, left: <ArrowLeftOutlined />, right: <ArrowRightOutlined /> };
/** The pad's cells, row by row: the four directions around an empty middle. */
const CELLS: (PtzDirection | undefined)[] = [undefined, 'up', undefined, 'left', undefined, 'right', undefined, 'down', undefined];

/** The direction pad: four hold buttons; with focus anywhere on it, the arrow keys hold a direction too. */
export function DirectionPad({ ptz }: { ptz: PtzPressApi }) {
  const { t } = useTranslation('devices');
  const arrow = (e: KeyboardEvent) => ARROWS[e.key];
  return (
    <fieldset
      className="rc-ptz-pad"
      aria-label={t('ptz.direction')}
      onKeyDown={(e) => {
        const direction = arrow(e);
        if (!direction) return;
        e.preventDefault();
        if (!e.repeat) ptz.press({ controltype: 'direction', direction });
      }}
      onKeyUp={(e) => {
        const direction = arrow(e);
        if (!direction) return;
        e.preventDefault();
        ptz.release({ controltype: 'direction', direction });
      }}
    >
      {CELLS.map((direction, i) =>
        direction ? (
          <HoldButton
            key={i}
            target={{ controltype: 'direction', direction }}
            label={t(`ptz.${direction}`)}
            icon={ICONS[direction]}
            ptz={ptz}
          />
        ) : (
          <span key={i} aria-hidden="true" />
        ),
      )}
    </fieldset>
  );
}
