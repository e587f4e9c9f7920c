import { useRef, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Typography, type GetRef } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/client';
import { apiErrorText, useCallMutation } from '../../../api/hooks';
import { useInvalidate } from '../../../api/use-invalidate';
import { CSR_NAMES_MAX, namesIssue, splitNames, type NamesIssue } from './certificate-names';
import './certificate.css';

/** The file a request is saved as. */
const CSR_FILE = 'roomcast.csr';

/**
 * A certificate signing request for the campus CA (`createcsr`): the names, prefilled with those of the certificate
 * in use, then the request to copy or download. Its key stays on the box for the certificate to come.
 */
export function CsrModal({ initialNames, onClose }: { initialNames: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation('settings', { keyPrefix: 'screens.system.certificate.csr' });
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [text, setText] = useState(initialNames.join(', '));
  const names = splitNames(text);
  const issue = namesIssue(names);
  // The certificate in use now says a request waits (csrpending).
  const create = useCallMutation('createcsr', { silent: true, onSuccess: () => void invalidate('certificateinfo') });
  const csr = create.data?.csr;
  const area = useRef<GetRef<typeof Input.TextArea>>(null);

  const copy = async () => {
    if (!csr) return;
    // The text is selected either way, so a person can copy it by hand when the browser refuses.
    area.current?.resizableTextArea?.textArea.select();
    try {
      await navigator.clipboard.writeText(csr);
      void message.success(t('copied'));
    } catch {
      void message.warning(t('copyFailed'));
    }
  };
  const issueText = (i: NamesIssue) =>
    i.kind === 'invalid' ? t('invalid', { names: i.names.join(', ') }) : t(i.kind, { max: CSR_NAMES_MAX });

  const footer = csr
    ? [
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('copy')}
        </Button>,
        <Button
          key="download"
          icon={<DownloadOutlined />}
          onClick={() => saveBlob(new Blob([csr], { type: 'application/pkcs10' }), CSR_FILE)}
        >
          {t('download', { file: CSR_FILE })}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('close')}
        </Button>,
      ]
    : undefined;
  return (
    <Modal
      open
      width={640}
      title={t('title')}
      okText={t('create')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: Boolean(issue), loading: create.isPending }}
      onOk={() => create.mutate({ names })}
      onCancel={onClose}
      footer={footer}
      mask={{ closable: false }}
    >
      {csr ? (
        <>
          <Typography.Paragraph>{t('done')}</Typography.Paragraph>
          <Input.TextArea
            ref={area}
            readOnly
            value={csr}
            aria-label={t('request')}
            autoSize={{ minRows: 6, maxRows: 14 }}
            className="rc-pem-text"
            data-testid="csr-text"
          />
        </>
      ) : (
        <>
          <Typography.Paragraph>{t('help')}</Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item
              label={t('names')}
              htmlFor="csr-names"
              help={issue ? issueText(issue) : t('namesHelp', { max: CSR_NAMES_MAX })}
              validateStatus={issue ? 'error' : undefined}
              data-testid="csr-names-field"
            >
              <Input.TextArea
                id="csr-names"
                value={text}
                autoSize={{ minRows: 2, maxRows: 6 }}
                spellCheck={false}
                onChange={(e) => {
                  create.reset();
                  setText(e.target.value);
                }}
              />
            </Form.Item>
          </Form>
          {create.isError && <Alert type="error" showIcon title={apiErrorText(create.error)} data-testid="csr-error" />}
        </>
      )}
    </Modal>
  );
}
