import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import type { CallData } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorText, useCallMutation } from '../../api/hooks';

type Outcome = { ok: true; answer: CallData<'testftp'> } | { ok: false; reason: string } | undefined;

/**
 * Test connection (`testftp`) with the FTP values the panel shows, saved or not (an empty password uses the
 * stored one): the service logs in, writes and deletes a probe file, and the server's answer shows here.
 */
export function FtpTestConnection({ values }: { values: Record<string, string> | undefined }) {
  const { t } = useTranslation('settings');
  const [outcome, setOutcome] = useState<Outcome>();
  const test = useCallMutation('testftp', { silent: true });
  const run = async () => {
    setOutcome(undefined);
    try {
      const data = Object.entries(values ?? {}).map(([key, value]) => ({ key, value }));
      setOutcome({ ok: true, answer: await test.mutateAsync({ data }) });
    } catch (err) {
      setOutcome({ ok: false, reason: apiErrorText(err) });
    }
  };
  return (
    <Flex vertical gap={8} className="rc-ftp-test">
      <div>
        <Button icon={<ApiOutlined />} onClick={() => void run()} loading={test.isPending} disabled={!values?.host}>
          {t('screens.thirdparty.test')}
        </Button>
      </div>
      {outcome?.ok && (
        <Alert
          type="success"
          showIcon
          data-testid="ftp-test-result"
          message={t('screens.thirdparty.testOk', { folder: outcome.answer.folder })}
          description={outcome.answer.greeting}
        />
      )}
      {outcome && !outcome.ok && <Alert type="error" showIcon data-testid="ftp-test-result" message={outcome.reason} />}
    </Flex>
  );
}
