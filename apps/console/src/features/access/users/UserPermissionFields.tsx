import { Card, Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../../api/hooks';
import { AccessGroupSelect } from '../../../components/access/AccessGroupSelect';
import { FunctionTree } from '../../../components/access/FunctionTree';
import { normalizeFunctions } from '../../../components/access/function-tree';

/** The group picker (a column next to the role): role user only; a directory user's group is the directory's. */
export function UserGroupField({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  const groups = useCallQuery('listusergroup', {});
  const options = [
    { value: '', label: t('noGroup') },
    ...(groups.data ?? []).map((g) => ({ value: g.groupcode, label: `${g.groupname} (${g.groupcode})` })),
  ];
  return (
    <Col xs={24} md={12}>
      <Form.Item name="group" label={t('group')} tooltip={t('groupHint')}>
        <Select options={options} loading={groups.isLoading} showSearch={{ optionFilterProp: 'label' }} disabled={disabled} />
      </Form.Item>
    </Col>
  );
}

/** Functions and recording access: role user only (an admin has everything). */
export function UserPermissionFields({ accessLoading }: { accessLoading: boolean }) {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  const { t: tg } = useTranslation('access', { keyPrefix: 'groups' });
  const groups = useCallQuery('listusergroup', {});
  const groupcode = Form.useWatch('group') as string | undefined;
  const group = groups.data?.find((g) => g.groupcode === groupcode);
  const inherited = normalizeFunctions(group?.functions);
  return (
    <>
      <Form.Item
        name="functions"
        label={t('functions')}
        extra={
          group &&
          t('inheritedFunctions', {
            group: group.groupname,
            functions: inherited.length ? inherited.map((key) => tg(`functions.${key}`)).join(t('listSeparator')) : t('none'),
          })
        }
      >
        <FunctionTree />
      </Form.Item>
      <Card size="small" title={t('groupAccess')}>
        <Form.Item name="access" label={t('accessGroupRecordings')} tooltip={t('accessHint')} style={{ marginBottom: 0 }}>
          <AccessGroupSelect loading={accessLoading} />
        </Form.Item>
      </Card>
    </>
  );
}
