import { useEffect, useState } from 'react';
import { LIMITS } from '@roomcast/contract';
import { formatElapsed } from '../../../components/elapsed';
import { elapsedSeconds } from './record-state';

interface Props {
  /** The status's `current`: seconds recorded, pauses excluded. */
  current: string;
  /** When that status was read (epoch ms). */
  readAt: number;
  /** Only a running recording ticks; paused and idle show `current` as it is. */
  ticking: boolean;
}

/** The recorded time, ticking each second between status polls (spec §9 clock 1 s). */
export function RecordTimer({ current, readAt, ticking }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), LIMITS.clockTickMs);
    return () => clearInterval(timer);
  }, [ticking, readAt]);
  return (
    <span className="rc-record-timer" data-testid="record-timer" role="timer">
      {formatElapsed(elapsedSeconds(current, readAt, now, ticking))}
    </span>
  );
}
