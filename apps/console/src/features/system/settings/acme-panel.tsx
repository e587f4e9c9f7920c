import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import type { CertificateInfo } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorText, useCallMutation } from '../../../api/hooks';
import { usePollWhile } from '../../../api/use-poll-while';
import { panel } from '../../../components/settings/settings-form';
import type { SettingsEdit } from '../../../components/settings/use-settings-edit';
import { ORDERING_POLL_MS, useCertificateInfo, useShowCertificate } from './certificate-query';
import './certificate.css';

/*
 * The box's certificate from the site's ACME server (docs/security.md "ACME"): `setting_acme` on the one SettingsPanel
 * (its CA is a PEM text area), and under it where the ACME part stands (`certificateinfo`'s `acme`) with Order now.
 */
const ACME = 'screens.system.certificate.acme';
const S = 'screens.system.certificate.acmeStatus';

type AcmeState = CertificateInfo['acme'];

/** Palette colours, whose tag text the theme keeps at 4.5:1. */
const STATE_COLORS: Record<AcmeState['state'], string> = { off: 'default', ordering: 'blue', issued: 'green', failed: 'red' };
/** How long after a save the status is watched for the order it starts. */
const ORDER_START_MS = 30_000;
/** What a service from before ACME answers without. */
const NOT_ORDERED: AcmeState = { state: 'off', lastattempt: '', lasterror: '', renewat: '' };

function AcmeStatus({ form }: { form: SettingsEdit }) {
  const { t } = useTranslation('settings', { keyPrefix: S });
  const info = useCertificateInfo({ silent: true });
  const show = useShowCertificate();
  const { refetch } = info;
  const acme = info.data?.acme ?? NOT_ORDERED;
  const saved = form.loaded?.setting_acme;
  const savedKey = JSON.stringify(saved ?? {});
  const on = saved?.enable === 'true';
  // A save that turns ACME on (or changes its server or names) orders just after its answer: read the status again at
  // once, and for a while after, until that order shows.
  const [justSaved, setJustSaved] = useState(false);
  useEffect(() => {
    void refetch();
    setJustSaved(true);
    const timer = setTimeout(() => setJustSaved(false), ORDER_START_MS);
    return () => clearTimeout(timer);
  }, [savedKey, refetch]);
  usePollWhile(acme.state === 'ordering' || (justSaved && on && acme.state === 'off'), refetch, ORDERING_POLL_MS);
  const order = useCallMutation('acmeorder', { silent: true, onSuccess: show });
  const failure = order.error && order.error.kind !== 'timeout' ? apiErrorText(order.error) : undefined;
  return (
    <Flex vertical gap={6} className="rc-acme-status" data-testid="acme-status">
      <Typography.Text>
        {t('state')}{' '}
        <Tag color={STATE_COLORS[acme.state]} data-testid="acme-state">
          {t(`states.${acme.state}`)}
        </Tag>
      </Typography.Text>
      <Typography.Text>
        {t('lastAttempt')} <Typography.Text strong>{acme.lastattempt || t('never')}</Typography.Text>
      </Typography.Text>
      {acme.lasterror && (
        <Typography.Text type="danger" data-testid="acme-last-error">
          {t('lastError')} {acme.lasterror}
        </Typography.Text>
      )}
      {acme.renewat && (
        <Typography.Text>
          {t('renewAt')} <Typography.Text strong>{acme.renewat}</Typography.Text>
        </Typography.Text>
      )}
      <Flex gap={8} align="center" wrap>
        <Button
          loading={order.isPending || acme.state === 'ordering'}
          disabled={!on || form.editing}
          // An order that outlasts the call's 30 s goes on: its state, read again, says how it ends.
          onClick={() => order.mutate({}, { onError: () => void refetch() })}
          data-testid="acme-order"
        >
          {t('order')}
        </Button>
        {(form.editing || !on) && <Typography.Text type="secondary">{t(form.editing ? 'orderAfterSave' : 'orderOff')}</Typography.Text>}
      </Flex>
      {failure && <Alert type="error" showIcon title={failure} data-testid="acme-order-error" />}
    </Flex>
  );
}

/** The ACME panel of the System settings screen, with its status and Order now under it. */
export const ACME_PANEL = panel({
  title: ACME,
  code: 'setting_acme',
  keys: ['enable', 'directory', 'contact', 'names', 'ca'],
  fields: {
    directory: { help: `${ACME}Help.directory` },
    names: { help: `${ACME}Help.names` },
    ca: { help: `${ACME}Help.ca` },
  },
});
export const ACME_BELOW = { [ACME]: (form: SettingsEdit) => <AcmeStatus form={form} /> };
