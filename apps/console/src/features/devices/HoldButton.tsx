import type { KeyboardEvent, ReactNode } from 'react';
import { Button } from 'antd';
import type { PtzTarget } from './ptz-press';
import type { PtzPressApi } from './use-ptz-press';

interface Props {
  target: PtzTarget;
  label: string;
  icon: ReactNode;
  ptz: PtzPressApi;
}

const isHoldKey = (e: KeyboardEvent) => e.key === ' ' || e.key === 'Enter';

/**
 * A button that acts while it is held (spec §4 PTZ): pointer down (mouse, pen or touch) or Space/Enter starts; pointer
 * up, the pointer leaving, a cancelled touch, key up or losing focus ends.
 */
export function HoldButton({ target, label, icon, ptz }: Props) {
  const release = () => ptz.release(target);
  return (
    <Button
      className={`rc-ptz-hold${ptz.isActive(target) ? ' rc-ptz-held' : ''}`}
      size="large"
      icon={icon}
      aria-label={label}
      title={label}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        // No text selection or drag on a long press; the button keeps the pointer's events.
        e.preventDefault();
        ptz.press(target);
      }}
      onPointerUp={release}
      onPointerLeave={release}
      onPointerCancel={release}
      onKeyDown={(e) => {
        if (!isHoldKey(e)) return;
        e.preventDefault();
        if (!e.repeat) ptz.press(target);
      }}
      onKeyUp={(e) => {
        if (!isHoldKey(e)) return;
        e.preventDefault();
        release();
      }}
      onBlur={release}
      onContextMenu={(e) => e.preventDefault()}
    />
  );
}
