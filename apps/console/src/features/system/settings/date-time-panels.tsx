import { useEffect, useState } from 'react';
import { App, Button, DatePicker, Flex, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { CallRequest } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation, useCallQuery } from '../../../api/hooks';
import { deviceInstant } from '../../../app/device-clock';
import { panel } from '../../../components/settings/settings-form';
import type { SettingsEdit } from '../../../components/settings/use-settings-edit';

/*
 * Date/time and NTP (spec §2 System settings; issue 13). The zone and NTP are settings like any other; the clock
 * is shown ticking each second from the device time loaded (spec §4), and set by hand with its own button (only
 * while NTP is off: the service refuses otherwise). Sync now asks the NTP server at once (`syncntp`).
 */
const DATETIME = 'screens.system.datetime';
const NTP = 'screens.system.ntp';
const PANELS = [
  panel({ title: DATETIME, code: 'setting_datetime', keys: ['zone'] }),
  panel({ title: NTP, code: 'setting_ntp', keys: ['enable', 'server'] }),
];
const CLOCK_BODY: CallRequest<'getsetting'> = [{ section: 'setting_datetime', keys: ['current'] }];

/** `YYYY-MM-DD HH:mm:ss` of a wall-clock instant kept as if it were UTC (the device zone's wall time). */
function wallText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The device clock, ticking each second from the reading loaded (the wall time in the device zone). */
function useTickingDeviceClock(): { text: string | undefined; reload: () => void } {
  const read = useCallQuery('getsetting', CLOCK_BODY, { silent: true });
  const current = read.data?.[0]?.data.find((d) => d.key === 'current')?.value ?? '';
  const [now, setNow] = useState(() => Date.now());
  const [loadedAt, setLoadedAt] = useState(() => Date.now());
  useEffect(() => setLoadedAt(Date.now()), [current]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const wall = deviceInstant(current.slice(0, 19), 0);
  return { text: wall === undefined ? undefined : wallText(wall + Math.max(0, now - loadedAt)), reload: () => void read.refetch() };
}

function DeviceClock({ form }: { form: SettingsEdit }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const clock = useTickingDeviceClock();
  const [picked, setPicked] = useState<Dayjs | null>(null);
  // As saved: the service refuses a clock set by hand while NTP keeps it.
  const ntpOn = form.loaded?.setting_ntp?.enable === 'true';
  const set = useCallMutation('setsetting', {
    onSuccess: () => {
      void message.success(t('screens.system.clockSet'));
      setPicked(null);
      // The clock moves once the service has applied it.
      setTimeout(clock.reload, 500);
    },
  });
  return (
    <Flex vertical gap={8} className="rc-device-clock">
      <Typography.Text>
        {t('screens.system.deviceTime')}{' '}
        <Typography.Text strong data-testid="device-clock">
          {clock.text ?? '—'}
        </Typography.Text>
      </Typography.Text>
      <Flex gap={8} wrap align="center">
        <DatePicker
          showTime
          value={picked}
          onChange={setPicked}
          format="YYYY-MM-DD HH:mm:ss"
          disabled={ntpOn}
          aria-label={t('screens.system.newTime')}
          placeholder={t('screens.system.newTime')}
        />
        <Button
          disabled={ntpOn || !picked}
          loading={set.isPending}
          onClick={() =>
            picked && set.mutate([{ section: 'setting_datetime', data: [{ key: 'current', value: picked.format('YYYY-MM-DD HH:mm:ss') }] }])
          }
        >
          {t('screens.system.setClock')}
        </Button>
      </Flex>
      {ntpOn && <Typography.Text type="secondary">{t('screens.system.clockByNtp')}</Typography.Text>}
    </Flex>
  );
}

function SyncNow({ form }: { form: SettingsEdit }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const sync = useCallMutation('syncntp', { onSuccess: () => void message.success(t('screens.system.timeSynced')) });
  const server = form.loaded?.setting_ntp?.server ?? '';
  return (
    <Flex gap={8} align="center" className="rc-ntp-sync">
      <Button disabled={form.editing || !server} loading={sync.isPending} onClick={() => sync.mutate({})}>
        {t('screens.system.syncNow')}
      </Button>
      {form.editing && <Typography.Text type="secondary">{t('screens.system.syncAfterSave')}</Typography.Text>}
    </Flex>
  );
}

/** The date/time and NTP panels of the System settings screen, with the clock and Sync now under them. */
export const DATE_TIME_PANELS = PANELS;
export const DATE_TIME_BELOW = {
  [DATETIME]: (form: SettingsEdit) => <DeviceClock form={form} />,
  [NTP]: (form: SettingsEdit) => <SyncNow form={form} />,
};
