import { useEffect, useState } from 'react';
import { FormModal } from '../../components/FormModal';
import { App, Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useAuth } from '../../app/auth';
import { showApiError, useCallQuery } from '../../api/hooks';
import { AccessGroupSelect } from './AccessGroupSelect';
import { FunctionTree } from './FunctionTree';
import { useInvalidate } from './use-invalidate';
import {
  GROUPCODE_MAX, GROUPCODE_PATTERN, GROUPNAME_MAX, groupBody, groupFormValuesOf, stripWhitespace,
  type Group, type GroupFormValues, type GroupMode,
} from './group-form';

interface Props {
  /** The group being edited; none for a new group. */
  group?: Group;
  onClose: () => void;
}

/** Add or edit one group: code (read-only on edit), name, functions and recording access. */
export function GroupModal({ group, onClose }: Props) {
  const { t } = useTranslation('groups');
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupFormValues>();
  // After a create whose access save failed, the group exists: further saves are edits.
  const [mode, setMode] = useState<GroupMode>(group ? 'edit' : 'new');
  const [saving, setSaving] = useState(false);
  const invalidate = useInvalidate();
  const auth = useAuth();
  const code = group?.groupcode ?? '';
  const access = useCallQuery('listrecordingaccess', { code: code || '-', code_type: 'group' }, { enabled: Boolean(group) });

  useEffect(() => {
    if (access.data) form.setFieldValue('access', access.data);
  }, [access.data, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const body = groupBody(values);
    const accessGroups = values.access ?? [];
    setSaving(true);
    try {
      if (mode === 'new') {
        await call('newusergroup', body);
        setMode('edit');
      } else {
        await call('updateusergroup', body);
      }
      if (group || accessGroups.length > 0) {
        await call('saverecordingaccess', { code: body.groupcode, code_type: 'group', access_group: accessGroups });
      }
      message.success(t('msgSaved'));
      // The person at the console may belong to this group: their menu follows its functions.
      void auth.reload();
      onClose();
    } catch (err) {
      showApiError(err);
    } finally {
      setSaving(false);
      void invalidate('listusergroup', 'listrecordingaccess');
    }
  };

  return (
    <FormModal title={group ? t('editTitle') : t('addTitle')} okText={t('save')} cancelText={t('cancel')} saving={saving} onOk={() => void save()} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={groupFormValuesOf(group)}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              name="groupcode"
              label={t('groupcode')}
              normalize={stripWhitespace}
              rules={[
                { required: true, message: t('msgGroupcodeEmpty') },
                { pattern: GROUPCODE_PATTERN, message: t('msgGroupcodeFormat') },
              ]}
            >
              <Input maxLength={GROUPCODE_MAX} readOnly={mode === 'edit'} disabled={mode === 'edit'} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="groupname" label={t('groupname')} normalize={stripWhitespace} rules={[{ required: true, message: t('msgGroupnameEmpty') }]}>
              <Input maxLength={GROUPNAME_MAX} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="functions" label={t('functionsLabel')}>
          <FunctionTree />
        </Form.Item>
        <Card size="small" title={t('groupAccess')}>
          <Form.Item name="access" label={t('accessGroupRecordings')} tooltip={t('accessHint')} style={{ marginBottom: 0 }}>
            <AccessGroupSelect loading={access.isFetching} />
          </Form.Item>
        </Card>
      </Form>
    </FormModal>
  );
}
