import { useEffect, useState } from 'react';
import { FormModal } from '../../components/FormModal';
import { App, Form, Row } from 'antd';
import type { Role } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { showApiError, useCallQuery } from '../../api/hooks';
import { useAuth } from '../../app/auth';
import { useInvalidate } from '../groups/use-invalidate';
import { UserAccountFields } from './UserAccountFields';
import { UserGroupField, UserPermissionFields } from './UserPermissionFields';
import { formValuesOf, isAdminAccount, userBody, type User, type UserFormValues, type UserMode } from './user-form';

interface Props {
  /** The user being edited; none for a new user. */
  user?: User;
  onClose: () => void;
}

/** Add or edit a user (width 800): account fields, then group, functions and recording access for role user. */
export function UserModal({ user, onClose }: Props) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  // After a create whose access save failed, the user exists: further saves are edits.
  const [mode, setMode] = useState<UserMode>(user ? 'edit' : 'new');
  const [saving, setSaving] = useState(false);
  const invalidate = useInvalidate();
  const auth = useAuth();
  const role = Form.useWatch('role', form) as Role | undefined;
  const usercode = Form.useWatch('usercode', form) as string | undefined;
  const isUser = role === 'user' && !isAdminAccount(usercode);
  const access = useCallQuery('listrecordingaccess', { code: user?.usercode ?? '-', code_type: 'user' }, { enabled: Boolean(user) });

  useEffect(() => {
    if (access.data) form.setFieldValue('access', access.data);
  }, [access.data, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      if (mode === 'new') {
        await call('newuser', userBody(values, 'new'));
        setMode('edit');
      } else {
        await call('updateuser', userBody(values, 'edit'));
      }
      const accessGroups = isUser ? (values.access ?? []) : [];
      if (user || accessGroups.length > 0) {
        await call('saverecordingaccess', { code: values.usercode, code_type: 'user', access_group: accessGroups });
      }
      message.success(t('msgSaved'));
      // Editing one's own account changes one's own menu: ask the service who we are now.
      if (values.usercode === auth.user?.usercode) void auth.reload();
      onClose();
    } catch (err) {
      showApiError(err);
    } finally {
      setSaving(false);
      void invalidate('listuser', 'listrecordingaccess');
    }
  };

  return (
    <FormModal title={user ? t('editTitle') : t('addTitle')} okText={t('save')} cancelText={t('cancel')} saving={saving} onOk={() => void save()} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={formValuesOf(user)} preserve>
        <Row gutter={24}>
          <UserAccountFields mode={mode} actorRole={auth.user?.role} initialRole={user?.role as Role | undefined} />
          {isUser && <UserGroupField />}
        </Row>
        {isUser && <UserPermissionFields accessLoading={access.isFetching} />}
      </Form>
    </FormModal>
  );
}
