import { useState } from 'react';
import { App, Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@roomcast/contract';
import { useCallMutation } from '../../api/hooks';
import { tMessage } from '../../app/messages';

const PRESETS = Array.from({ length: LIMITS.ptzPresets }, (_, i) => i);

/** Presets 0-9 of the channel's camera: one click calls one; Save stores the camera's position as the chosen one. */
export function PresetControls({ channel }: { channel: number }) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const [toSave, setToSave] = useState(0);
  const remote = useCallMutation('remotecontrol');
  const preset = (operation: 'set' | 'call', position: number) =>
    remote.mutateAsync({ controltype: 'position', channel, position: { operation, position } });

  return (
    <Flex vertical gap={12}>
      <fieldset aria-label={t('ptz.callPresets')} className="rc-ptz-presets">
        {PRESETS.map((n) => (
          <Button key={n} aria-label={t('ptz.callPreset', { n })} onClick={() => void preset('call', n).catch(() => undefined)}>
            {n}
          </Button>
        ))}
      </fieldset>
      <Flex gap={8} align="center" wrap>
        <Typography.Text id="rc-ptz-save-label">{t('ptz.savePreset')}</Typography.Text>
        <Select
          aria-labelledby="rc-ptz-save-label"
          value={toSave}
          onChange={setToSave}
          options={PRESETS.map((n) => ({ value: n, label: t('ptz.presetNumber', { n }) }))}
          style={{ width: 120 }}
        />
        <Button
          type="primary"
          onClick={() =>
            void preset('set', toSave).then(
              () => message.success(tMessage('messagePosSucc')),
              () => undefined,
            )
          }
        >
          {t('ptz.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
