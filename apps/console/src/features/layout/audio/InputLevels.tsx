import { Card } from 'antd';
import { AudioMeters } from '../../../components/monitor/AudioMeters';
import { useLevels } from '../../../components/monitor/use-levels';

/**
 * The Audio screen's level of each enabled input and of the programme (issue 20), under the inputs' switches: the
 * confidence monitor's meters, read from the same stream. The screen asks the service to encode while it is open, so
 * an installer sees a microphone move with nothing recording.
 */
export function InputLevels() {
  const { levels, connection } = useLevels(true);
  return (
    <Card type="inner" data-testid="input-levels">
      <AudioMeters levels={levels} connection={connection} starting />
    </Card>
  );
}
