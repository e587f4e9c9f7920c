import { type HTMLAttributes, useEffect, useMemo, useRef } from 'react';
import { App, Button, Input, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, MergeCellsOutlined, ScissorOutlined } from '@ant-design/icons';
import { CAPTION_LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import type { EditCue } from './caption-edit';
import { TimeInput } from './TimeInput';
import { CUES_PER_PAGE, type CaptionEditor } from './use-caption-editor';

/**
 * The editor's cues in order, a page at a time: each with its number, start and end (`h:mm:ss.mmm`), its text, and
 * Split, Join with the next and Delete. Rows may be chosen for a shift. The cue a refusal names is marked, brought
 * into view and its text focused.
 */
export function CueTable({ editor }: { editor: CaptionEditor }) {
  const { t } = useTranslation('captions', { keyPrefix: 'editor' });
  const { message } = App.useApp();
  const table = useRef<HTMLDivElement>(null);
  // Where the caret was in each cue's text (in characters), for a split at the cursor.
  const carets = useRef(new Map<number, number>());
  const numbers = useMemo(() => new Map(editor.cues.map((c, i) => [c.key, i + 1])), [editor.cues]);
  const numberOf = (c: EditCue) => numbers.get(c.key) ?? 0;

  useEffect(() => {
    if (!editor.focus) return;
    const box = table.current?.querySelector<HTMLTextAreaElement>(`textarea[data-cue="${editor.focus.cue}"]`);
    box?.scrollIntoView({ block: 'center' });
    box?.focus();
  }, [editor.focus]);

  const split = (c: EditCue) => {
    if (!editor.split(numberOf(c) - 1, carets.current.get(c.key))) void message.warning(t('cannotSplit'));
    carets.current.delete(c.key);
  };

  const columns: TableColumnsType<EditCue> = [
    { title: t('columns.number'), key: 'number', width: 56, render: (_, c) => numberOf(c) },
    {
      title: t('columns.start'),
      key: 'start',
      width: 136,
      render: (_, c) => (
        <TimeInput
          value={c.start}
          onChange={(start) => editor.update(numberOf(c) - 1, { start })}
          aria-label={t('startOf', { n: numberOf(c) })}
          invalidText={t('badTime')}
        />
      ),
    },
    {
      title: t('columns.end'),
      key: 'end',
      width: 136,
      render: (_, c) => (
        <TimeInput
          value={c.end}
          onChange={(end) => editor.update(numberOf(c) - 1, { end })}
          aria-label={t('endOf', { n: numberOf(c) })}
          invalidText={t('badTime')}
        />
      ),
    },
    {
      title: t('columns.text'),
      key: 'text',
      render: (_, c) => (
        <Input.TextArea
          value={c.text}
          data-cue={numberOf(c)}
          aria-label={t('textOf', { n: numberOf(c) })}
          maxLength={CAPTION_LIMITS.cueChars}
          autoSize={{ minRows: 1, maxRows: 4 }}
          onChange={(e) => editor.update(numberOf(c) - 1, { text: e.target.value })}
          onSelect={(e) => {
            const box = e.currentTarget;
            carets.current.set(c.key, [...box.value.slice(0, box.selectionStart)].length);
          }}
        />
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 300,
      render: (_, c) => {
        const n = numberOf(c);
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" icon={<ScissorOutlined />} aria-label={t('splitOf', { n })} onClick={() => split(c)}>
              {t('split')}
            </Button>
            <Button
              type="link"
              size="small"
              icon={<MergeCellsOutlined />}
              aria-label={t('joinOf', { n })}
              disabled={n >= editor.cues.length}
              onClick={() => editor.join(n - 1)}
            >
              {t('join')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('deleteOf', { n })}
              onClick={() => editor.remove(n - 1)}
            >
              {t('delete')}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <div ref={table}>
      <Table<EditCue>
        rowKey="key"
        size="small"
        className="rc-cue-table"
        columns={columns}
        dataSource={editor.cues}
        loading={editor.loading}
        onRow={(c) => (editor.problem?.cue === numberOf(c) ? ({ 'data-refused': '' } as HTMLAttributes<HTMLElement>) : {})}
        rowSelection={{
          selectedRowKeys: editor.selected,
          onChange: (keys) => editor.setSelected(keys.map(Number)),
          getCheckboxProps: (c) => ({ 'aria-label': t('selectOf', { n: numberOf(c) }) }),
        }}
        pagination={{
          current: editor.page,
          pageSize: CUES_PER_PAGE,
          onChange: editor.setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        locale={{ emptyText: t('empty') }}
        data-testid="cue-table"
      />
    </div>
  );
}
