import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { panel } from '../../../components/settings/settings-form';
import type { SettingsEdit } from '../../../components/settings/use-settings-edit';
import { newMetricsToken } from './metrics-token';

/*
 * Prometheus metrics: `setting_metrics` on the one SettingsPanel (the contract refuses them on without a token), and
 * under it how a monitoring server scrapes this box: the address, the bearer header, and Generate token, which puts a
 * new random token in the field. The token is a secret that reads back empty, so the new one is also shown here, to
 * copy, until the save.
 */
const METRICS = 'screens.system.metrics';
const H = 'screens.system.metricsHelp';
/** Where the service serves them, on the console's own origin (the service's api/metrics-route.ts). */
const METRICS_PATH = '/metrics';
/** A URL or a 64-digit token may break anywhere rather than overflow a narrow card. */
const LONG_CODE = { wordBreak: 'break-all' } as const;

function MetricsHelp({ form }: { form: SettingsEdit }) {
  const { t } = useTranslation('settings', { keyPrefix: H });
  const [generated, setGenerated] = useState('');
  const values = form.values.setting_metrics;
  const on = values?.enable === 'true';
  const generate = () => {
    const token = newMetricsToken();
    setGenerated(token);
    form.change('setting_metrics', 'token', token);
  };
  return (
    <Flex vertical gap={6} style={{ marginTop: 16 }} data-testid="metrics-help">
      <Typography.Text>
        {t('url')}{' '}
        <Typography.Text code copyable style={LONG_CODE} data-testid="metrics-url">
          {`${window.location.origin}${METRICS_PATH}`}
        </Typography.Text>
      </Typography.Text>
      <Typography.Text>
        {t('header')} <Typography.Text code>{`Authorization: Bearer <${t('tokenPlaceholder')}>`}</Typography.Text>
      </Typography.Text>
      <Typography.Text type="secondary">{t('prometheus')}</Typography.Text>
      <Flex gap={8} align="center" wrap>
        <Button disabled={!form.editing || !on} onClick={generate} data-testid="metrics-generate">
          {t('generate')}
        </Button>
        {!(form.editing && on) && <Typography.Text type="secondary">{t(form.editing ? 'generateOff' : 'generateEdit')}</Typography.Text>}
      </Flex>
      {form.editing && generated && values?.token === generated && (
        <Typography.Text>
          {t('generated')}{' '}
          <Typography.Text code copyable style={LONG_CODE} data-testid="metrics-new-token">
            {generated}
          </Typography.Text>
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The metrics panel of the System settings screen, with how to scrape and Generate token under it. */
export const METRICS_PANEL = panel({ title: METRICS, code: 'setting_metrics', fields: { token: { help: `${H}.token` } } });
export const METRICS_BELOW = { [METRICS]: (form: SettingsEdit) => <MetricsHelp form={form} /> };
