import { Col, Form, Input, Select, Typography } from 'antd';
import { LIMITS, type Role } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { USERCODE, USERCODE_MAX } from '../../../components/access/code-rules';
import { blockSpace } from '../../../components/access/password-text';
import { schemaRule } from '../../../components/form-rules';
import { isAdminAccount, passwordProblem, selectableRoles, stripSpaces, type UserMode } from './user-form';

interface Props {
  mode: UserMode;
  /** Role of the person at the console: only an admin may give role admin. */
  actorRole: Role | undefined;
  /** The edited user's role when opened (kept visible even if the actor may not give it). */
  initialRole: Role | undefined;
  /** A user of the campus directory: name and password are the directory's, shown but not editable. */
  directory?: boolean;
}

/** User code, name, password + confirmation and role: columns of the modal's grid. */
export function UserAccountFields({ mode, actorRole, initialRole, directory = false }: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  const form = Form.useFormInstance();
  const usercode = Form.useWatch('usercode', form) as string | undefined;
  const roles = new Set<Role>(selectableRoles(actorRole));
  const roleOptions = (['admin', 'user'] as const)
    .filter((r) => roles.has(r) || r === initialRole)
    .map((r) => ({ value: r, label: t(`roles.${r}`), disabled: !roles.has(r) }));
  const passwordRule = (which: 'password' | 'confirm') => ({
    validator: async () => {
      const problem = passwordProblem(form.getFieldValue('password'), form.getFieldValue('confirm'), mode);
      const mine = which === 'confirm' ? problem === 'msgPasswordConfirm' : problem !== undefined && problem !== 'msgPasswordConfirm';
      if (problem && mine) throw new Error(t(problem, { min: LIMITS.passwordMin }));
    },
  });

  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name="usercode"
          label={t('usercode')}
          normalize={stripSpaces}
          rules={[{ required: true, message: t('msgUsercodeEmpty') }, schemaRule(USERCODE, t('msgUsercodeFormat'))]}
        >
          <Input maxLength={USERCODE_MAX} readOnly={mode === 'edit'} disabled={mode === 'edit'} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="username"
          label={t('username')}
          normalize={stripSpaces}
          rules={[{ required: true, message: t('msgUsernameEmpty') }]}
        >
          <Input maxLength={LIMITS.usernameMax} autoComplete="off" disabled={directory} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="password"
          label={t('password')}
          normalize={stripSpaces}
          required={mode === 'new'}
          dependencies={['confirm']}
          rules={[passwordRule('password')]}
          extra={mode === 'edit' && !directory ? t('passwordKeepHint') : undefined}
        >
          <Input.Password maxLength={LIMITS.passwordMax} onKeyDown={blockSpace} autoComplete="new-password" disabled={directory} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="confirm"
          label={t('confirm')}
          normalize={stripSpaces}
          required={mode === 'new'}
          dependencies={['password']}
          rules={[passwordRule('confirm')]}
        >
          <Input.Password maxLength={LIMITS.passwordMax} onKeyDown={blockSpace} autoComplete="new-password" disabled={directory} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {isAdminAccount(usercode) ? (
          <Form.Item label={t('role')}>
            <Typography.Text>{t('roles.admin')}</Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item name="role" label={t('role')} rules={[{ required: true, message: t('msgRoleEmpty') }]}>
            <Select options={roleOptions} placeholder={t('rolePlaceholder')} />
          </Form.Item>
        )}
      </Col>
    </>
  );
}
