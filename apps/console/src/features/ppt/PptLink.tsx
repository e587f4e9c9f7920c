import { useEffect, useRef } from 'react';
import { Alert, App, Button, Flex, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { PPT_QR_FILE, PPT_QR_SIZE } from '@roomcast/contract';
import { useCallQuery } from '../../api/hooks';
import { tMessage } from '../../app/messages';
import { copyText } from './copy-text';
import { pptPageUrl } from './ppt-url';

/**
 * The public slides page (ppt.html): its link, a 200×200 QR code of it (drawn by `qrcode` on a canvas, downloadable
 * as a JPEG) and Copy link (spec §8 messageCopyOK). `published`: push is saved on, so the page shows slides now.
 */
export function PptLink({ published }: { published: boolean }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const canvas = useRef<HTMLCanvasElement>(null);
  const https = window.location.protocol === 'https:';
  const addresses = useCallQuery('httpsaddresses', {}, { enabled: !https, silent: true });
  const url = pptPageUrl(window.location, addresses.data?.origins);

  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, url, { width: PPT_QR_SIZE, margin: 2, errorCorrectionLevel: 'M' });
  }, [url]);

  const download = () => {
    if (!canvas.current) return;
    const a = document.createElement('a');
    a.href = canvas.current.toDataURL('image/jpeg', 0.95);
    a.download = PPT_QR_FILE;
    a.click();
  };
  const copy = async () => {
    if (await copyText(url)) void message.success(tMessage('messageCopyOK'));
    else void message.warning(t('screens.ppt.copyFailed'));
  };

  return (
    <Flex gap={24} wrap align="center">
      <canvas
        ref={canvas}
        width={PPT_QR_SIZE}
        height={PPT_QR_SIZE}
        role="img"
        aria-label={t('screens.ppt.qrLabel', { url })}
        data-testid="ppt-qrcode"
      />
      <Flex vertical gap={8}>
        <Typography.Text strong>{t('screens.ppt.page')}</Typography.Text>
        <Typography.Link href={url} target="_blank" rel="noopener" data-testid="ppt-url">
          {url}
        </Typography.Link>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={download}>
            {t('screens.ppt.download')}
          </Button>
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('screens.ppt.copy')}
          </Button>
        </Space>
        <Alert
          type={published ? 'info' : 'warning'}
          showIcon
          message={t(published ? 'screens.ppt.published' : 'screens.ppt.notPublished')}
        />
      </Flex>
    </Flex>
  );
}
