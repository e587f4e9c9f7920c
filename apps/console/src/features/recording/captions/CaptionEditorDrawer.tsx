import { useId } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Input, Space, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { CAPTION_LIMITS, type CaptionTrack } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { trackName } from '../../../components/captions/caption-language';
import { CueTable } from './CueTable';
import { ShiftControl } from './ShiftControl';
import { useCaptionEditor } from './use-caption-editor';
import { useLeaveGuard } from './use-leave-guard';

/**
 * The caption editor (issue 22), a wide drawer over the recording's detail page: the track's cues to correct, retime,
 * shift, split, join and delete, its label, and the person's mark that it is reviewed; Save sends it whole
 * (savecaption). Leaving with unsaved changes asks first.
 */
export function CaptionEditorDrawer({ track, onClose }: { track: CaptionTrack; onClose: () => void }) {
  const { t, i18n } = useTranslation('captions', { keyPrefix: 'editor' });
  const { t: tc } = useTranslation('captions');
  const { message } = App.useApp();
  const editor = useCaptionEditor(track);
  const confirmLeave = useLeaveGuard(editor.dirty);
  const labelId = useId();

  const close = async () => {
    if (await confirmLeave()) onClose();
  };
  const save = async () => {
    if (await editor.save()) void message.success(t('saved'));
  };

  return (
    <Drawer
      open
      size="min(1100px, 100vw)"
      title={t('title', { name: trackName(tc, track, i18n.language) })}
      onClose={() => void close()}
      closable={{ 'aria-label': t('close') }}
      mask={{ closable: false }}
      destroyOnHidden
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={editor.saving} disabled={editor.loading} onClick={() => void save()}>
          {t('save')}
        </Button>
      }
      data-testid="caption-editor"
    >
      {editor.loadError ? (
        <Alert type="warning" showIcon message={editor.loadError} />
      ) : (
        <>
          <div className="rc-caption-editor-bar">
            <div>
              <label htmlFor={labelId} className="rc-caption-field-label">
                {t('label')}
              </label>
              <Input
                id={labelId}
                className="rc-caption-label-input"
                value={editor.label}
                maxLength={CAPTION_LIMITS.labelChars}
                autoComplete="off"
                onChange={(e) => editor.setLabel(e.target.value)}
              />
            </div>
            <ShiftControl editor={editor} />
            <Space direction="vertical" size={4}>
              <Checkbox checked={editor.reviewed} onChange={(e) => editor.setReviewed(e.target.checked)}>
                {t('reviewed')}
              </Checkbox>
              <Typography.Text type="secondary" data-testid="cue-count">
                {editor.dirty ? t('countUnsaved', { count: editor.cues.length }) : t('count', { count: editor.cues.length })}
              </Typography.Text>
            </Space>
          </div>
          {editor.problem && (
            <Alert
              type="error"
              showIcon
              role="alert"
              className="rc-caption-problem"
              message={editor.problem.text}
              action={
                editor.problem.cue ? (
                  <Button size="small" onClick={() => editor.problem?.cue && editor.show(editor.problem.cue)}>
                    {t('showCue', { n: editor.problem.cue })}
                  </Button>
                ) : undefined
              }
              data-testid="caption-problem"
            />
          )}
          <CueTable editor={editor} />
        </>
      )}
    </Drawer>
  );
}
