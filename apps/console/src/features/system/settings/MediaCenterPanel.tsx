import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/*
 * The media center and MC Pro (spec §2 labelled panels; decisions.ts "Media center and MC Pro"): a vendor's own
 * protocols, which this device does not speak, so they are shown as not configured, with the reason and what to use
 * instead. Nothing here can be switched on: the service refuses it too (rules mediaCenterUnavailable, mcProUnavailable).
 */
export function MediaCenterPanel() {
  const { t } = useTranslation('settings');
  const tt = (key: string) => t(`screens.system.mediaCenter.${key}`);
  return (
    <Card title={tt('title')} data-testid="media-center-panel">
      <Flex vertical gap={8}>
        {(['mediaCenter', 'mcPro'] as const).map((name) => (
          <Typography.Text key={name}>
            {tt(name)} <Tag data-testid={`not-configured-${name}`}>{tt('notConfigured')}</Tag>
          </Typography.Text>
        ))}
        <Typography.Paragraph style={{ marginBottom: 0 }}>{tt('reason')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {tt('instead')}
        </Typography.Paragraph>
      </Flex>
    </Card>
  );
}
