import { Button, Space, Typography } from 'antd';
import { EditOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SettingsEdit } from './use-settings-edit';

/** Edit in view mode (for a user who may write; disabled with its reason when `blocked`), Save and Reset in edit mode. */
export function SettingsActions({ form, blocked }: { form: SettingsEdit; blocked?: string }) {
  const { t } = useTranslation('settings');
  if (form.editing)
    return (
      <Space>
        <Button type="primary" icon={<SaveOutlined />} loading={form.saving} onClick={() => void form.submit()}>
          {t('panel.save')}
        </Button>
        <Button icon={<UndoOutlined />} disabled={form.saving} onClick={form.reset}>
          {t('panel.reset')}
        </Button>
      </Space>
    );
  if (!form.canWrite) return null;
  const edit = (
    <Button type="primary" icon={<EditOutlined />} disabled={!form.loaded || blocked !== undefined} onClick={form.edit}>
      {t('panel.edit')}
    </Button>
  );
  if (blocked === undefined) return edit;
  return (
    <Space>
      <Typography.Text type="secondary" data-testid="settings-edit-blocked">
        {blocked}
      </Typography.Text>
      {edit}
    </Space>
  );
}
