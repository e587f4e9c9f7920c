import { useState } from 'react';
import { ApiOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { LIMITS, type CallData } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/hooks';
import { stripSpaces } from '../../../components/access/password-text';
import { DirectoryTestFailure } from './DirectoryTestFailure';
import { DirectoryTestResult } from './DirectoryTestResult';
import './directory.css';

type Outcome = { ok: true; usercode: string; answer: CallData<'ldaptest'> } | { ok: false; error: unknown } | undefined;

/**
 * Test (`ldaptest`) with the values the panel shows, saved or not (an empty bind password uses the stored one;
 * nothing is saved): the service looks the user code up and, when a password is typed, checks it. What it found, or
 * the step that failed with the directory's words, shows under the button.
 */
export function DirectoryTest({ values }: { values: Record<string, string> | undefined }) {
  const { t } = useTranslation('access', { keyPrefix: 'directory.test' });
  const [usercode, setUsercode] = useState('');
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>();
  const test = useCallMutation('ldaptest', { silent: true });
  const run = async () => {
    setOutcome(undefined);
    const data = Object.entries(values ?? {}).map(([key, value]) => ({ key, value }));
    try {
      setOutcome({ ok: true, usercode, answer: await test.mutateAsync({ data, usercode, password }) });
    } catch (error) {
      setOutcome({ ok: false, error });
    }
  };
  return (
    <section className="rc-directory-test" aria-labelledby="directory-test-title" data-testid="directory-test">
      <Typography.Title level={5} id="directory-test-title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('help')}</Typography.Paragraph>
      <Form layout="inline" colon={false} className="rc-directory-test-form" onFinish={() => void run()}>
        <Form.Item label={t('usercode')} htmlFor="directory-test-usercode">
          <Input
            id="directory-test-usercode"
            value={usercode}
            maxLength={LIMITS.usercodeMax}
            autoComplete="off"
            onChange={(e) => setUsercode(stripSpaces(e.target.value))}
          />
        </Form.Item>
        <Form.Item label={t('password')} htmlFor="directory-test-password">
          <Input.Password
            id="directory-test-password"
            value={password}
            maxLength={LIMITS.passwordMax}
            autoComplete="new-password"
            placeholder={t('passwordOptional')}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" icon={<ApiOutlined />} loading={test.isPending} disabled={!usercode}>
            {t('run')}
          </Button>
        </Form.Item>
      </Form>
      {outcome?.ok && <DirectoryTestResult usercode={outcome.usercode} answer={outcome.answer} />}
      {outcome && !outcome.ok && <DirectoryTestFailure error={outcome.error} />}
    </section>
  );
}
