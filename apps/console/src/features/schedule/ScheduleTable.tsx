import { Space, Table, Tag, Typography, type TableColumnsType, type TableColumnType } from 'antd';
import { LIMITS, numbersOf } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { actionColumn } from '../../components/action-column';
import { nextOccurrence, type Schedule } from './schedule-form';
import { SelfCheckTag } from './SelfCheckTag';

interface Props {
  schedules: Schedule[];
  loading: boolean;
  /** The schedule recording right now, if any (from the status). */
  recordingId?: number;
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => Promise<unknown>;
}

/** Opencast's schedules change only with its calendar: their row says so instead of offering Edit and Delete. */
function readOnlyForOpencast(note: string, column: TableColumnType<Schedule>): TableColumnType<Schedule> {
  return {
    ...column,
    render: (value: unknown, s: Schedule, index: number) =>
      s.origin === 'opencast' ? <Typography.Text type="secondary">{note}</Typography.Text> : column.render?.(value, s, index),
  };
}

/** Recording schedules, 10 a page (spec §9). */
export function ScheduleTable({ schedules, loading, recordingId, onEdit, onDelete }: Props) {
  const { t } = useTranslation('schedule');
  // Week and month cycles name their days, so a row says when it records without opening it.
  const cycleText = (s: Schedule) => {
    const label = t(`cycles.${s.cycle}`);
    if (s.cycle === 'week')
      return `${label}: ${numbersOf(s.weekdays, 7)
        .map((d) => t(`weekdays.${d}`))
        .join(', ')}`;
    if (s.cycle === 'month') {
      const months = numbersOf(s.months, 12)
        .map((m) => t(`months.${m}`))
        .join(', ');
      return `${label}: ${months}; ${numbersOf(s.monthdays, 31).join(', ')}`;
    }
    return label;
  };
  const columns: TableColumnsType<Schedule> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, s) => (
        <Space size={6} wrap>
          <span>{name}</span>
          {s.origin === 'opencast' && <Tag color="blue">{t('opencast')}</Tag>}
          {s.id === recordingId && <Tag color="red">{t('recordingNow')}</Tag>}
        </Space>
      ),
    },
    { title: t('cycle'), key: 'cycle', render: (_, s) => cycleText(s) },
    { title: t('start'), dataIndex: 'start', className: 'rc-nowrap' },
    { title: t('stop'), dataIndex: 'stop', className: 'rc-nowrap' },
    {
      title: t('enabled'),
      dataIndex: 'enable',
      render: (enable: boolean) => <Tag color={enable ? 'green' : 'default'}>{enable ? t('yes') : t('no')}</Tag>,
    },
    {
      title: t('next'),
      key: 'next',
      className: 'rc-nowrap',
      render: (_, s) => {
        const next = nextOccurrence(s);
        return next ? next.start : <Typography.Text type="secondary">{t('none')}</Typography.Text>;
      },
    },
    { title: t('selfcheck'), key: 'selfcheck', render: (_, s) => <SelfCheckTag check={s.selfcheck} /> },
    readOnlyForOpencast(
      t('fromOpencast'),
      actionColumn<Schedule>({
        title: t('operation'),
        width: 190,
        editText: t('edit'),
        removeText: t('delete'),
        cancelText: t('cancel'),
        confirm: (s) => t('deleteConfirm', { name: s.name }),
        rowName: (s) => s.name,
        onEdit,
        onRemove: onDelete,
      }),
    ),
  ];
  return (
    <Table<Schedule>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={schedules}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: LIMITS.schedulePageSize, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
