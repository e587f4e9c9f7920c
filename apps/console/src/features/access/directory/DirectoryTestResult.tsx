import { Alert, Descriptions, Flex, Typography, type DescriptionsProps } from 'antd';
import type { CallData } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../../api/hooks';

interface Props {
  usercode: string;
  answer: CallData<'ldaptest'>;
}

/**
 * What a test found: the user's DN and name, the mapped directory groups that hold the user, the Roomcast group a
 * login would get (none, or one that does not exist here, means the login is refused) and whether the password was
 * checked.
 */
export function DirectoryTestResult({ usercode, answer }: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'directory.test' });
  const groups = useCallQuery('listusergroup', {}, { silent: true });
  const group = groups.data?.find((g) => g.groupcode === answer.group);
  const missing = answer.group !== '' && groups.data !== undefined && group === undefined;
  const canLogin = answer.group !== '' && !missing;
  const items: DescriptionsProps['items'] = [
    { key: 'server', label: t('server'), children: answer.server },
    { key: 'userdn', label: t('userdn'), children: <span data-testid="directory-test-userdn">{answer.userdn}</span> },
    { key: 'username', label: t('username'), children: answer.username },
    {
      key: 'groups',
      label: t('groups'),
      children: answer.groups.length ? (
        <Flex vertical data-testid="directory-test-groups">
          {answer.groups.map((dn) => (
            <span key={dn}>{dn}</span>
          ))}
        </Flex>
      ) : (
        t('noGroups')
      ),
    },
    {
      key: 'group',
      label: t('group'),
      children: (
        <span data-testid="directory-test-group">
          {answer.group === '' ? (
            <Typography.Text type="danger">{t('noGroup')}</Typography.Text>
          ) : missing ? (
            <Typography.Text type="danger">{t('missingGroup', { group: answer.group })}</Typography.Text>
          ) : (
            `${group?.groupname ?? answer.group} (${answer.group})`
          )}
        </span>
      ),
    },
    {
      key: 'password',
      label: t('passwordChecked'),
      children: <span data-testid="directory-test-password">{answer.passwordChecked ? t('checked') : t('notChecked')}</span>,
    },
  ];
  return (
    <Flex vertical gap={8} className="rc-directory-test-outcome" data-testid="directory-test-result">
      <Alert type={canLogin ? 'success' : 'warning'} showIcon title={t(canLogin ? 'found' : 'foundNoLogin', { usercode })} />
      <Descriptions bordered size="small" column={1} items={items} className="rc-directory-test-details" />
    </Flex>
  );
}
