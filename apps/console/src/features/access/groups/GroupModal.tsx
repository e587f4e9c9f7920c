import { FormModal } from '../../../components/FormModal';
import { App, Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { useAuth } from '../../../app/auth';
import { AccessGroupSelect } from '../../../components/access/AccessGroupSelect';
import { FunctionTree } from '../../../components/access/FunctionTree';
import { useAccessSave } from '../../../components/access/use-access-save';
import { GROUPCODE, GROUPCODE_MAX, GROUPNAME_MAX } from '../../../components/access/code-rules';
import { schemaRule } from '../../../components/form-rules';
import { groupBody, groupFormValuesOf, stripWhitespace, type Group, type GroupFormValues } from './group-form';

interface Props {
  /** The group being edited; none for a new group. */
  group?: Group;
  onClose: () => void;
}

/** Add or edit one group: code (read-only on edit), name, functions and recording access. */
export function GroupModal({ group, onClose }: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'groups' });
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupFormValues>();
  const auth = useAuth();
  const { mode, saving, save, accessLoading } = useAccessSave<GroupFormValues>({
    form,
    codeType: 'group',
    editing: group?.groupcode,
    list: 'listusergroup',
    saveEntity: async (values, saveMode) => {
      const body = groupBody(values);
      await call(saveMode === 'new' ? 'newusergroup' : 'updateusergroup', body);
      return { code: body.groupcode, access: values.access ?? [] };
    },
    onSaved: () => {
      message.success(t('msgSaved'));
      // The person at the console may belong to this group: their menu follows its functions.
      void auth.reload();
      onClose();
    },
  });

  return (
    <FormModal
      title={group ? t('editTitle') : t('addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      saving={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={groupFormValuesOf(group)}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              name="groupcode"
              label={t('groupcode')}
              normalize={stripWhitespace}
              rules={[{ required: true, message: t('msgGroupcodeEmpty') }, schemaRule(GROUPCODE, t('msgGroupcodeFormat'))]}
            >
              <Input maxLength={GROUPCODE_MAX} readOnly={mode === 'edit'} disabled={mode === 'edit'} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="groupname"
              label={t('groupname')}
              normalize={stripWhitespace}
              rules={[{ required: true, message: t('msgGroupnameEmpty') }]}
            >
              <Input maxLength={GROUPNAME_MAX} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="functions" label={t('functionsLabel')}>
          <FunctionTree />
        </Form.Item>
        <Card size="small" title={t('groupAccess')}>
          <Form.Item name="access" label={t('accessGroupRecordings')} tooltip={t('accessHint')} style={{ marginBottom: 0 }}>
            <AccessGroupSelect loading={accessLoading} />
          </Form.Item>
        </Card>
      </Form>
    </FormModal>
  );
}
