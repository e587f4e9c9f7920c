import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The filter box (user code or name) at the right of the page title. */
export function UserFilter({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  return (
    <Input
      allowClear
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('filterPlaceholder')}
      aria-label={t('filterPlaceholder')}
      style={{ width: 240 }}
      prefix={<SearchOutlined />}
    />
  );
}
