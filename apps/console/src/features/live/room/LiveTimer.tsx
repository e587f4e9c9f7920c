import { useEffect, useState } from 'react';
import { LIMITS } from '@roomcast/contract';
import { formatElapsed } from '../../../components/elapsed';
import { livingSeconds } from './live-state';

interface Props {
  /** The status's `livingstart` (device time). */
  livingstart: string;
  /** The device zone's offset in minutes, when known (app/device-clock.ts). */
  zoneOffset: number | undefined;
  living: boolean;
}

/** How long the room has been living, ticking each second (spec §4); 00:00:00 while idle. */
export function LiveTimer({ livingstart, zoneOffset, living }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!living) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), LIMITS.clockTickMs);
    return () => clearInterval(timer);
  }, [living]);
  return (
    <span className="rc-record-timer" data-testid="live-timer" role="timer">
      {formatElapsed(living ? livingSeconds(livingstart, zoneOffset, now) : 0)}
    </span>
  );
}
