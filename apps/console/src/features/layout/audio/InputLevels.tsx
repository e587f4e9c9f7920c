import { Card } from 'antd';
import { AudioMeters } from '../../../components/monitor/AudioMeters';
import { useLevels } from '../../../components/monitor/use-levels';

/**
 * The Audio screen's level of each enabled input and of the programme (issue 20), under the inputs' switches: the
 * confidence monitor's meters, read from the same stream while the encoder runs (recording or live).
 */
export function InputLevels() {
  const { levels, connection } = useLevels();
  return (
    <Card type="inner" data-testid="input-levels">
      <AudioMeters levels={levels} connection={connection} />
    </Card>
  );
}
