import { FormModal } from '../../../components/FormModal';
import { Alert, App, Form, Row } from 'antd';
import type { Role } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { useAuth } from '../../../app/auth';
import { useAccessSave } from '../../../components/access/use-access-save';
import { UserAccountFields } from './UserAccountFields';
import { UserGroupField, UserPermissionFields } from './UserPermissionFields';
import { directoryUserBody, formValuesOf, isAdminAccount, isDirectoryUser, userBody, type User, type UserFormValues } from './user-form';

interface Props {
  /** The user being edited; none for a new user. */
  user?: User;
  onClose: () => void;
}

/**
 * Add or edit a user (width 800): account fields, then group, functions and recording access for role user. A user of
 * the campus directory keeps the directory's name, password and group (shown disabled, with a note saying why).
 */
export function UserModal({ user, onClose }: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  const auth = useAuth();
  const role = Form.useWatch('role', form) as Role | undefined;
  const usercode = Form.useWatch('usercode', form) as string | undefined;
  const isUser = role === 'user' && !isAdminAccount(usercode);
  const directory = isDirectoryUser(user);
  const { mode, saving, save, accessLoading } = useAccessSave<UserFormValues>({
    form,
    codeType: 'user',
    editing: user?.usercode,
    list: 'listuser',
    saveEntity: async (values, saveMode) => {
      if (saveMode === 'new') await call('newuser', userBody(values, 'new'));
      else await call('updateuser', user && directory ? directoryUserBody(values, user) : userBody(values, 'edit'));
      // Recording access applies to role user only; saving none clears what an admin role no longer needs.
      return { code: values.usercode, access: isUser ? (values.access ?? []) : [] };
    },
    onSaved: (values) => {
      message.success(t('msgSaved'));
      // Editing one's own account changes one's own menu: ask the service who we are now.
      if (values.usercode === auth.user?.usercode) void auth.reload();
      onClose();
    },
  });

  return (
    <FormModal
      title={user ? t('editTitle') : t('addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      saving={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      {directory && (
        <Alert type="info" showIcon title={t('directoryNote')} style={{ marginBottom: 16 }} data-testid="user-directory-note" />
      )}
      <Form form={form} layout="vertical" initialValues={formValuesOf(user)} preserve>
        <Row gutter={24}>
          <UserAccountFields mode={mode} actorRole={auth.user?.role} initialRole={user?.role as Role | undefined} directory={directory} />
          {isUser && <UserGroupField disabled={directory} />}
        </Row>
        {isUser && <UserPermissionFields accessLoading={accessLoading} />}
      </Form>
    </FormModal>
  );
}
