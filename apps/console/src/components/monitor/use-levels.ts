import { useEffect, useState } from 'react';
import type { LevelsMessage } from '@roomcast/contract';
import { type LevelsConnection, watchLevels } from '../../api/monitor';

/**
 * The latest audio levels from the monitor's stream while mounted, and the state of its connection; with `encode`,
 * the service runs the encode for it while idle.
 */
export function useLevels(encode = false): { levels: LevelsMessage | undefined; connection: LevelsConnection } {
  const [levels, setLevels] = useState<LevelsMessage>();
  const [connection, setConnection] = useState<LevelsConnection>('connecting');
  useEffect(() => watchLevels(setLevels, setConnection, { encode }), [encode]);
  return { levels, connection };
}
