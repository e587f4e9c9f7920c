import { useState } from 'react';
import { Button, Flex, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callRaw } from '../../api/client';
import { apiErrorText } from '../../api/hooks';
import { tMessage } from '../../app/messages';
import { COVER_ACCEPT, COVER_MAX_MB, coverProblem, coverUploadPath, coverUrl } from './album-form';

interface Props {
  /** The cover's path under /upload/ (Form.Item passes it); "" for none. */
  value?: string;
  onChange?: (path: string) => void;
  /** True while a picture is on its way, so the dialog does not save a half-chosen cover. */
  onBusy?: (busy: boolean) => void;
}

/**
 * The album cover: a picture file goes to `uploadfile` as raw bytes at album/{filename} (stored with a timestamp), and the
 * path the service answers becomes the album's `path`. Shows the picture once uploaded; pictures only, within
 * the contract's size limit.
 */
export function CoverUpload({ value = '', onChange, onBusy }: Props) {
  const { t } = useTranslation('albums');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const send = async (file: File) => {
    setError('');
    const problem = coverProblem(file);
    if (problem) {
      setError(tMessage(problem, COVER_MAX_MB));
      return;
    }
    setBusy(true);
    onBusy?.(true);
    try {
      const { path } = await callRaw('uploadfile', file, { filePath: coverUploadPath(file.name), contentType: file.type });
      onChange?.(path);
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  };

  return (
    <Flex vertical gap={4} align="flex-start">
      <Space align="end" size={12}>
        <Upload
          accept={COVER_ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={busy}
          className="rc-cover-upload"
          beforeUpload={(file) => {
            void send(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <div className="rc-cover-box" data-testid="cover-picker">
            {value && !busy ? (
              <img src={coverUrl(value)} alt={t('coverPreview')} data-testid="cover-preview" />
            ) : (
              <span className="rc-cover-empty">
                {busy ? <LoadingOutlined /> : <PictureOutlined />}
                <span>{busy ? t('uploading') : t('chooseCover')}</span>
              </span>
            )}
          </div>
        </Upload>
        {value && !busy && (
          <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {t('removeCover')}
          </Button>
        )}
      </Space>
      <Typography.Text type="secondary">{value ? t('coverChange') : t('coverHint', { max: COVER_MAX_MB })}</Typography.Text>
      {error && (
        <Typography.Text type="danger" role="alert" data-testid="cover-error">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
