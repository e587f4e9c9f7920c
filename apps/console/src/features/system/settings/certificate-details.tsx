import { Descriptions, Flex, Tag, Typography } from 'antd';
import type { CertificateInfo, CertSource } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import './certificate.css';

/** Palette colours, whose tag text the theme keeps at 4.5:1. */
const SOURCE_COLORS: Record<CertSource, string> = { selfsigned: 'default', uploaded: 'blue', acme: 'green' };

/** What the certificate in use is: names, issuer, validity, the SHA-256 fingerprint to compare, where it came from. */
export function CertificateDetails({ info }: { info: CertificateInfo }) {
  const { t } = useTranslation('settings', { keyPrefix: 'screens.system.certificate' });
  return (
    <Descriptions bordered size="small" column={1} className="rc-cert-details" data-testid="certificate-details">
      <Descriptions.Item label={t('subject')}>
        <span data-testid="certificate-subject">{info.subject}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('names')}>
        <Flex gap={4} wrap data-testid="certificate-names">
          {info.names.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Flex>
      </Descriptions.Item>
      <Descriptions.Item label={t('issuer')}>{info.issuer}</Descriptions.Item>
      <Descriptions.Item label={t('validFrom')}>{info.validfrom}</Descriptions.Item>
      <Descriptions.Item label={t('validTo')}>
        <span data-testid="certificate-valid-to">{info.validto}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('fingerprint')}>
        <Typography.Text code copyable={{ text: info.fingerprint }} className="rc-cert-fingerprint">
          <span data-testid="certificate-fingerprint">{info.fingerprint}</span>
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('source')}>
        <Tag color={SOURCE_COLORS[info.source]} data-testid="certificate-source">
          {t(`sources.${info.source}`)}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('keyType')}>{info.keytype}</Descriptions.Item>
      <Descriptions.Item label={t('chain')}>
        <span data-testid="certificate-chain">{info.chain}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('httpsPort')}>
        <span data-testid="certificate-port">{info.httpsport}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
