import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/hooks';
import { LanguageMenu } from '../../app/shell/LanguageMenu';
import { ProductMark } from '../../components/ProductMark';
import { useWebConfig } from '../../app/webconfig';
import { useLoginFlow, type Credentials } from './use-login-flow';
import './login.css';

/** /login: room name, user code and password, Reset and Submit; Enter submits; an error line (spec §2). */
export default function LoginPage() {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<Credentials>();
  const config = useWebConfig();
  const room = useCallQuery('roominfo', {}, { silent: true });
  const { submit, error, busy, clearError } = useLoginFlow();

  const reset = () => {
    form.resetFields();
    clearError();
  };

  return (
    <main className="rc-login">
      <div className="rc-login-language">
        <LanguageMenu narrow={false} className="rc-login-language-button" />
      </div>
      <Card className="rc-login-card">
        {config.login.showimage && config.login.image && <img className="rc-login-image" src={config.login.image} alt="" />}
        <div className="rc-login-product">
          <ProductMark size={22} />
          <Typography.Text type="secondary">{config.site.title || t('product')}</Typography.Text>
        </div>
        <Typography.Title level={2} className="rc-login-room" data-testid="room-name">
          {room.data?.roomname || t('title')}
        </Typography.Title>
        <Form<Credentials>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
          onValuesChange={clearError}
          disabled={busy}
        >
          <Form.Item label={t('usercode')} name="usercode" rules={[{ required: true, whitespace: true, message: t('usercodeRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          <div className="rc-login-error" role="alert" aria-live="polite" data-testid="login-error">
            {error}
          </div>
          <Space className="rc-login-buttons">
            <Button htmlType="button" size="large" onClick={reset} disabled={false}>{t('reset')}</Button>
            <Button type="primary" htmlType="submit" size="large" loading={busy}>{t('submit')}</Button>
          </Space>
        </Form>
      </Card>
    </main>
  );
}
