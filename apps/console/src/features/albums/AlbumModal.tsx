import { useState } from 'react';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { tMessage } from '../../app/messages';
import { FormModal } from '../../components/FormModal';
import {
  ALBUM_DESCRIPTION_MAX,
  ALBUM_NAME_MAX,
  albumBody,
  albumFormValuesOf,
  stripWhitespace,
  type Album,
  type AlbumFormValues,
} from './album-form';
import { CoverUpload } from './CoverUpload';

interface Props {
  /** The album being edited; none for a new album. */
  album?: Album;
  onClose: () => void;
  /** After a successful save, with the spec's messageSucc (spec §8). */
  onSaved: (message: string) => void;
}

/** Add or edit one album: name, cover picture, description, share switch (spec §2 Album list). */
export function AlbumModal({ album, onClose, onSaved }: Props) {
  const { t } = useTranslation('albums');
  const [form] = Form.useForm<AlbumFormValues>();
  const [uploading, setUploading] = useState(false);
  const save = useCallMutation('editalbum', { invalidate: ['listalbum'] });

  const submit = async () => {
    let values: AlbumFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The fields show what is missing.
    }
    try {
      await save.mutateAsync(albumBody(values, album));
    } catch {
      return; // Shown by the hook; the dialog stays open.
    }
    onSaved(tMessage('messageSucc'));
    onClose();
  };

  return (
    <FormModal
      title={album ? t('editTitle') : t('addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      saving={save.isPending || uploading}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={albumFormValuesOf(album)}>
        <Form.Item name="name" label={t('name')} normalize={stripWhitespace} rules={[{ required: true, message: t('msgNameEmpty') }]}>
          <Input maxLength={ALBUM_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="path" label={t('cover')}>
          <CoverUpload onBusy={setUploading} />
        </Form.Item>
        <Form.Item name="description" label={t('description')}>
          <Input.TextArea maxLength={ALBUM_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="share" label={t('share')} valuePropName="checked" tooltip={t('shareHint')}>
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
