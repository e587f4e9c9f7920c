import { useId, useRef, useState } from 'react';
import { Alert, App, Button, Form, Input, Select, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { CAPTION_LIMITS, type CaptionTrack } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorText, useCallMutation } from '../../../api/hooks';
import { tMessage } from '../../../app/messages';
import { FormModal } from '../../../components/FormModal';
import { languageName, OFFERED_LANGUAGES } from '../../../components/captions/caption-language';
import { CAPTION_ACCEPT, type CaptionFormat, captionFormatOf, defaultCaptionLanguage } from './caption-file';

interface Props {
  recordid: string;
  /** The recording's tracks: importing a language it has replaces that track, which the dialog says. */
  tracks: CaptionTrack[];
  onClose: () => void;
}

interface Values {
  language: string;
  label: string;
}

interface ChosenFile {
  name: string;
  text: string;
  format: CaptionFormat;
}

/**
 * Imports a WebVTT or SRT file as a track of the recording: the file is read here as text (its format from its
 * extension) and checked whole by the service; a refusal (it names the line) shows in the dialog and changes nothing.
 */
export function ImportCaptionModal({ recordid, tracks, onClose }: Props) {
  const { t, i18n } = useTranslation('captions');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const input = useRef<HTMLInputElement>(null);
  const fileNameId = useId();
  const [file, setFile] = useState<ChosenFile>();
  const [fileError, setFileError] = useState('');
  const [problem, setProblem] = useState('');
  const language = Form.useWatch('language', form);
  const save = useCallMutation('importcaption', { invalidate: ['listcaption', 'getcaption'], silent: true });

  const choose = async (chosen: File | undefined) => {
    setProblem('');
    setFile(undefined);
    if (!chosen) return;
    const format = captionFormatOf(chosen.name);
    if (!format) return setFileError(t('import.badType'));
    if (chosen.size > CAPTION_LIMITS.fileBytes) return setFileError(tMessage('captionTooLarge', CAPTION_LIMITS.fileBytes / 1024 / 1024));
    setFileError('');
    setFile({ name: chosen.name, text: await chosen.text(), format });
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // The fields show what is missing.
    }
    if (!file) return setFileError(t('import.fileRequired'));
    setProblem('');
    try {
      const { cues } = await save.mutateAsync({
        recordid,
        language: values.language,
        label: values.label ?? '',
        format: file.format,
        text: file.text,
      });
      void message.success(t('import.done', { count: cues }));
      onClose();
    } catch (err) {
      setProblem(apiErrorText(err));
    }
  };

  const replaced = tracks.find((tr) => tr.language === language);
  return (
    <FormModal
      title={t('import.title')}
      okText={t('import.ok')}
      cancelText={t('import.cancel')}
      saving={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ language: defaultCaptionLanguage(i18n.language), label: '' }}
        data-testid="import-caption-form"
      >
        <Form.Item
          label={t('import.file')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError || t('import.fileHelp')}
        >
          <div className="rc-caption-file">
            <input
              ref={input}
              type="file"
              accept={CAPTION_ACCEPT}
              // Inline: antd's form styles show a file input (input[type='file'] { display: block }).
              style={{ display: 'none' }}
              aria-label={t('import.file')}
              tabIndex={-1}
              data-testid="caption-file-input"
              onChange={(e) => {
                void choose(e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
            <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} aria-describedby={fileNameId}>
              {t('import.choose')}
            </Button>
            <Typography.Text id={fileNameId} type={file ? undefined : 'secondary'} data-testid="caption-file-name">
              {file?.name ?? t('import.noFile')}
            </Typography.Text>
          </div>
        </Form.Item>
        <Form.Item
          name="language"
          label={t('import.language')}
          rules={[{ required: true, message: t('import.languageRequired') }]}
          extra={replaced ? t('import.replaces', { name: languageName(t, replaced.language, i18n.language) }) : undefined}
        >
          <Select options={OFFERED_LANGUAGES.map((tag) => ({ value: tag, label: languageName(t, tag, i18n.language) }))} />
        </Form.Item>
        <Form.Item name="label" label={t('import.label')} extra={t('import.labelHelp')}>
          <Input maxLength={CAPTION_LIMITS.labelChars} autoComplete="off" />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} role="alert" data-testid="import-problem" />}
    </FormModal>
  );
}
