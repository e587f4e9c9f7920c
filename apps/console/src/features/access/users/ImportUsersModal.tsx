import { useState } from 'react';
import { Alert, Button, Modal, Progress, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { ApiError, callRaw } from '../../../api/client';
import { IMPORT_COLUMNS, isCsvFileName, splitImportMessage } from './user-csv';

interface Props {
  onClose: () => void;
  /** After a successful import: reload groups and users. */
  onImported: () => void;
  onTemplate: () => void;
}

type State =
  | { phase: 'idle' }
  | { phase: 'sending'; name: string; percent: number }
  | { phase: 'done'; name: string; imported: number }
  | { phase: 'failed'; name: string; message: string };

/** Import users from a .csv file: raw bytes to `importuser`; on failure every bad line the service names. */
export function ImportUsersModal({ onClose, onImported, onTemplate }: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  const [state, setState] = useState<State>({ phase: 'idle' });

  const send = async (file: File) => {
    if (!isCsvFileName(file.name)) {
      setState({ phase: 'failed', name: file.name, message: t('msgCsvOnly') });
      return;
    }
    if (file.size > LIMITS.importUserMaxBytes) {
      setState({ phase: 'failed', name: file.name, message: t('msgFileTooLarge', { max: Math.round(LIMITS.importUserMaxBytes / 1024) }) });
      return;
    }
    setState({ phase: 'sending', name: file.name, percent: 10 });
    try {
      const bytes = await file.arrayBuffer();
      setState({ phase: 'sending', name: file.name, percent: 50 });
      const { imported } = await callRaw('importuser', bytes, { contentType: 'text/csv' });
      setState({ phase: 'done', name: file.name, imported });
      onImported();
    } catch (err) {
      setState({ phase: 'failed', name: file.name, message: err instanceof ApiError || err instanceof Error ? err.message : String(err) });
    }
  };

  const sending = state.phase === 'sending';
  return (
    <Modal
      open
      width={640}
      title={t('importTitle')}
      onCancel={onClose}
      mask={{ closable: !sending }}
      closable={!sending}
      footer={
        <Button onClick={onClose} disabled={sending}>
          {t('close')}
        </Button>
      }
    >
      <Typography.Paragraph>
        {t('importHelp', { columns: IMPORT_COLUMNS.join(', ') })}{' '}
        <Typography.Link onClick={onTemplate}>{t('downloadTemplate')}</Typography.Link>
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".csv,text/csv"
        multiple={false}
        showUploadList={false}
        disabled={sending}
        beforeUpload={(file) => {
          void send(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('importDrop')}</p>
        <p className="ant-upload-hint">{t('importCsvOnly')}</p>
      </Upload.Dragger>
      {state.phase !== 'idle' && (
        <div style={{ marginTop: 16 }} data-testid="import-result">
          <Typography.Text strong>{state.name}</Typography.Text>
          <Progress
            percent={state.phase === 'sending' ? state.percent : 100}
            status={state.phase === 'sending' ? 'active' : state.phase === 'failed' ? 'exception' : 'success'}
          />
          {state.phase === 'done' && <Alert type="success" showIcon title={t('msgImported', { count: state.imported })} />}
          {state.phase === 'failed' && <ImportError message={state.message} />}
        </div>
      )}
    </Modal>
  );
}

function ImportError({ message }: { message: string }) {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  const { importFailed, summary, lines } = splitImportMessage(message);
  const title = importFailed ? t('msgImportFailed') : summary;
  const detail = importFailed ? summary : '';
  return (
    <Alert
      type="error"
      showIcon
      title={title || t('msgImportFailed')}
      description={
        (detail || lines.length > 0) && (
          <>
            {detail}
            {lines.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 240, overflow: 'auto' }}>
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </>
        )
      }
    />
  );
}
