import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/hooks';
import { panel } from '../../components/settings/settings-form';
import type { PanelModule } from './panel-module';
import { UploadQueue } from './UploadQueue';

/** The hidden media-server panel of the Third-party screen (spec §2): Roomcast as an Opencast capture agent. */
const MEDIA_SERVER = panel({
  title: 'screens.mediaServer.mediaserver',
  code: 'setting_media_server',
  fields: {
    agentname: { help: 'screens.mediaServer.agentnameHelp' },
    schedules: { help: 'screens.mediaServer.schedulesHelp' },
    flavors: { help: 'screens.mediaServer.flavorsHelp' },
  },
});

/** How often the panel reads the agent's state while it is shown. */
const STATUS_REFRESH_MS = 5_000;
const STATE_COLORS: Record<string, string> = { idle: 'green', capturing: 'red', uploading: 'blue', offline: 'default' };

/** Below the panel's fields: the agent as Opencast last heard it, and the ingest queue's counts. */
function MediaServerStatus() {
  const { t } = useTranslation('settings');
  const status = useCallQuery('mediaserverstatus', {}, { refetchInterval: STATUS_REFRESH_MS, silent: true });
  const s = status.data;
  if (!s) return null;
  const never = t('screens.mediaServer.never');
  return (
    <Space direction="vertical" size={8} className="rc-media-server-status" data-testid="media-server-status">
      <Typography.Title level={5}>{t('screens.mediaServer.statusTitle')}</Typography.Title>
      {!s.enable && <Typography.Text type="secondary">{t('screens.mediaServer.off')}</Typography.Text>}
      {s.lasterror && <Alert type="warning" showIcon title={t('screens.mediaServer.unreachable', { error: s.lasterror })} />}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('screens.mediaServer.agent')}>{s.agentname}</Descriptions.Item>
        <Descriptions.Item label={t('screens.mediaServer.agentState')}>
          {s.agentstate ? <Tag color={STATE_COLORS[s.agentstate]}>{t(`screens.mediaServer.states.${s.agentstate}`)}</Tag> : never}
        </Descriptions.Item>
        <Descriptions.Item label={t('screens.mediaServer.lastContact')}>{s.lastcontact || never}</Descriptions.Item>
        <Descriptions.Item label={t('screens.mediaServer.calendarRead')}>{s.calendarread || never}</Descriptions.Item>
        <Descriptions.Item label={t('screens.mediaServer.events')}>{s.events}</Descriptions.Item>
        <Descriptions.Item label={t('screens.mediaServer.queue')}>
          <Space size={4} wrap data-testid="media-server-queue">
            <Tag>{t('screens.mediaServer.queued', { count: s.queue.queued })}</Tag>
            <Tag color="blue">{t('screens.mediaServer.running', { count: s.queue.running })}</Tag>
            <Tag color={s.queue.failed ? 'red' : 'default'}>{t('screens.mediaServer.failed', { count: s.queue.failed })}</Tag>
            <Tag color="green">{t('screens.mediaServer.done', { count: s.queue.done })}</Tag>
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

/** `setting_media_server`, the agent's state and the ingest queue (`listtransfer` of target opencast). */
export const mediaServerModule: PanelModule = {
  panels: [MEDIA_SERVER],
  below: {
    [MEDIA_SERVER.title]: (
      <>
        <MediaServerStatus />
        <UploadQueue target="opencast" title="screens.mediaServer.ingestQueue" />
      </>
    ),
  },
};
