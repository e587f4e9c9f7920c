import { useEffect, useRef } from 'react';
import { Alert, App, Button, Flex, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { PPT_PAGE_PATH, PPT_QR_FILE, PPT_QR_SIZE } from '@roomcast/contract';
import { tMessage } from '../../app/messages';
import { copyText } from './copy-text';

/** The slides page's URL as this browser reaches the device (the address students on the same network use). */
export const pptPageUrl = (origin: string) => `${origin}${PPT_PAGE_PATH}`;

/**
 * The public slides page (ppt.html): its link, a 200×200 QR code of it (drawn by `qrcode` on a canvas, downloadable
 * as a JPEG) and Copy link (spec §8 messageCopyOK). `published`: push is saved on, so the page shows slides now.
 */
export function PptLink({ published }: { published: boolean }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const canvas = useRef<HTMLCanvasElement>(null);
  const url = pptPageUrl(window.location.origin);

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
