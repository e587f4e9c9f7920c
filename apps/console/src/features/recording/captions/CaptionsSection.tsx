import { useState } from 'react';
import { App, Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import type { CaptionTrack } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation, useCallQuery } from '../../../api/hooks';
import { actionColumn } from '../../../components/action-column';
import { languageName, trackName } from '../../../components/captions/caption-language';
import { CaptionEditorDrawer } from './CaptionEditorDrawer';
import { ImportCaptionModal } from './ImportCaptionModal';
import './captions.css';

/**
 * The recording detail page's caption tracks (issue 22): each language with its label, where its text came from,
 * whether a person has reviewed it, its cues and when it changed. Who may change recordings imports a file, opens a
 * track in the editor and removes one (listcaption's `mayedit`: not another user's recording in a shared album).
 */
export function CaptionsSection({ recordid }: { recordid: string }) {
  const { t, i18n } = useTranslation('captions');
  const { message } = App.useApp();
  const list = useCallQuery('listcaption', { recordid });
  // The service says whether this caller may change this recording (not another user's in a shared album).
  const mayChange = list.data?.mayedit ?? false;
  const tracks = list.data?.tracks ?? [];
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<CaptionTrack>();
  const remove = useCallMutation('removecaption', { invalidate: ['listcaption'], silent: true });
  const nameOf = (track: CaptionTrack) => trackName(t, track, i18n.language);

  const columns: TableColumnsType<CaptionTrack> = [
    { title: t('section.columns.language'), key: 'language', render: (_, tr) => languageName(t, tr.language, i18n.language) },
    { title: t('section.columns.label'), dataIndex: 'label' },
    { title: t('section.columns.origin'), dataIndex: 'origin', render: (origin: CaptionTrack['origin']) => t(`section.origin.${origin}`) },
    {
      title: t('section.columns.reviewed'),
      dataIndex: 'reviewed',
      render: (reviewed: boolean) =>
        reviewed ? <Tag color="green">{t('section.reviewed.yes')}</Tag> : <Tag>{t('section.reviewed.no')}</Tag>,
    },
    { title: t('section.columns.cues'), dataIndex: 'cues' },
    { title: t('section.columns.updated'), dataIndex: 'updated', className: 'rc-recording-nowrap' },
    ...(mayChange
      ? [
          actionColumn<CaptionTrack>({
            title: t('section.columns.actions'),
            width: 180,
            editText: t('section.edit'),
            removeText: t('section.remove'),
            cancelText: t('section.cancel'),
            confirm: (tr) => t('section.removeConfirm', { name: nameOf(tr) }),
            rowName: nameOf,
            onEdit: setEditing,
            onRemove: async (tr) => {
              await remove.mutateAsync({ id: tr.id });
              void message.success(t('section.removed'));
            },
          }),
        ]
      : []),
  ];

  return (
    <section className="rc-captions-section" aria-labelledby="rc-captions-title" data-testid="captions-section">
      <div className="rc-captions-head">
        <Typography.Title level={2} id="rc-captions-title" className="rc-captions-title">
          {t('section.title')}
        </Typography.Title>
        {mayChange && (
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('section.import')}
          </Button>
        )}
      </div>
      <div className="rc-captions-scroll">
        <Table<CaptionTrack>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={tracks}
          loading={list.isLoading}
          pagination={false}
          locale={{ emptyText: t('section.empty') }}
          data-testid="caption-table"
        />
      </div>
      {importing && <ImportCaptionModal recordid={recordid} tracks={tracks} onClose={() => setImporting(false)} />}
      {editing && <CaptionEditorDrawer track={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
