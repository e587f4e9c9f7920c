import { useEffect, useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fetchPicture } from '../../api/monitor';
import './monitor.css';

/** While the encoder runs, its picture is asked for this often (the service makes at most one preview a second). */
const ENCODER_REFRESH_MS = 1000;

interface Props {
  /** Changes after each save: a fresh picture is fetched then. */
  revision: number;
}

/**
 * The picture as the saved settings make it (OSD, layout, fit), for the screens that change it: while something
 * encodes, the encoder's frames (refreshed each second, also after one that gave none); otherwise a still the
 * service renders from the sources, fetched when the screen opens and again after each save (`revision`) or on Refresh.
 */
export function SettingsPicture({ revision }: Props) {
  const { t } = useTranslation('system', { keyPrefix: 'monitor' });
  const [url, setUrl] = useState<string>();
  const [source, setSource] = useState<'encoder' | 'still'>();
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const next = async () => {
      const shot = await fetchPicture(controller.signal);
      if (stopped) return;
      // An encode gives no picture while it starts or restarts (a save re-plans it, slower on a loaded box): the
      // last picture stays and the next is asked for as usual. Only a still that did not come out is a failure.
      const encoding = shot?.source === 'encoder';
      setFailed(!shot?.blob && !encoding);
      if (shot?.blob) {
        setUrl(URL.createObjectURL(shot.blob));
        setSource(shot.source);
      }
      if (encoding && document.visibilityState === 'visible') timer = setTimeout(() => void next(), ENCODER_REFRESH_MS);
    };
    void next();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [revision, asked]);
  // Each picture's object URL is released once the next one replaces it.
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  return (
    <Card
      title={t('settingsPicture.title')}
      data-testid="settings-picture"
      className="rc-settings-picture"
      extra={
        <Button size="small" icon={<ReloadOutlined />} onClick={() => setAsked((n) => n + 1)}>
          {t('settingsPicture.refresh')}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        <div className="rc-preview">
          {url ? (
            <img
              src={url}
              alt={t('settingsPicture.alt')}
              className="rc-preview-img"
              data-testid="settings-picture-img"
              data-source={source}
            />
          ) : (
            <Typography.Text type="secondary" className="rc-preview-none">
              {failed ? t('settingsPicture.none') : t('picture.loading')}
            </Typography.Text>
          )}
        </div>
        {source && (
          <Typography.Text type="secondary">
            {source === 'encoder' ? t('settingsPicture.fromEncoder') : t('settingsPicture.fromStill')}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
