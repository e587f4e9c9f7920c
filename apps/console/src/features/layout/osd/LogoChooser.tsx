import { useEffect, useState } from 'react';
import { Button, Flex, Typography, Upload } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { logoFileProblem } from './logo-raster';
import './osd.css';

interface Props {
  /** The image chosen for the next save, if any. */
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  /** Only in edit mode: the logo is uploaded by Save. */
  disabled: boolean;
}

/**
 * The logo image in the logo panel: chosen in edit mode and shown here; Save stores the settings, then the browser
 * draws the image at the saved logo size and uploads the raster (`OsdPage`). Images only (spec §5).
 */
export function LogoChooser({ file, onChange, disabled }: Props) {
  const { t } = useTranslation('settings');
  const [error, setError] = useState('');
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);

  return (
    <Flex vertical gap={4} align="flex-start" className="rc-logo-chooser" data-testid="logo-chooser">
      <Flex gap={12} align="center">
        <Upload
          accept="image/*"
          multiple={false}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(chosen) => {
            const problem = logoFileProblem(chosen);
            setError(problem ? t(problem) : '');
            if (!problem) onChange(chosen);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<PictureOutlined />} disabled={disabled}>
            {t('screens.osd.chooseLogo')}
          </Button>
        </Upload>
        {url && <img src={url} alt={t('screens.osd.chosenLogo')} className="rc-logo-chosen" data-testid="logo-chosen" />}
        {file && !disabled && (
          <Button size="small" onClick={() => onChange(undefined)}>
            {t('screens.osd.keepLogo')}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">
        {file ? t('screens.osd.logoOnSave', { name: file.name }) : t('screens.osd.logoHint')}
      </Typography.Text>
      {error && (
        <Typography.Text type="danger" role="alert" data-testid="logo-error">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
