import { Button, Space } from 'antd';
import { DeleteOutlined, ExportOutlined, FileTextOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';

interface Props {
  selectedCount: number;
  removing: boolean;
  refreshing: boolean;
  onAdd: () => void;
  onExport: () => void;
  onRemoveSelected: () => Promise<unknown>;
  onRefresh: () => void;
  onImport: () => void;
  onTemplate: () => void;
}

/** The users toolbar: add, export, remove selected, refresh, import, template. */
export function UserToolbar(p: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd}>
        {t('add')}
      </Button>
      <Button icon={<ExportOutlined />} onClick={p.onExport}>
        {t('exportCsv')}
      </Button>
      <ConfirmButton
        danger
        icon={<DeleteOutlined />}
        disabled={p.selectedCount === 0}
        loading={p.removing}
        confirm={t('confirmRemoveSelectedTitle')}
        description={t('confirmRemoveSelected', { count: p.selectedCount })}
        okText={t('remove')}
        cancelText={t('cancel')}
        onConfirm={p.onRemoveSelected}
      >
        {t('removeSelected')}
      </ConfirmButton>
      <Button icon={<ReloadOutlined />} onClick={p.onRefresh} loading={p.refreshing}>
        {t('refresh')}
      </Button>
      <Button icon={<UploadOutlined />} onClick={p.onImport}>
        {t('importCsv')}
      </Button>
      <Button icon={<FileTextOutlined />} onClick={p.onTemplate}>
        {t('downloadTemplate')}
      </Button>
    </Space>
  );
}
