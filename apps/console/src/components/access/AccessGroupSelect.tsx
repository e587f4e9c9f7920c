import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/hooks';

interface Props {
  value?: string[];
  onChange?: (value: string[]) => void;
  loading?: boolean;
  id?: string;
}

/** "Access group recordings": the groups whose recordings a user or a group's members may see. */
export function AccessGroupSelect({ value, onChange, loading, id }: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'groups' });
  const groups = useCallQuery('listusergroup', {});
  const options = (groups.data ?? []).map((g) => ({ value: g.groupcode, label: `${g.groupname} (${g.groupcode})` }));
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={value ?? []}
      onChange={onChange}
      options={options}
      loading={loading || groups.isLoading}
      placeholder={t('accessPlaceholder')}
      optionFilterProp="label"
      notFoundContent={t('noGroups')}
    />
  );
}
