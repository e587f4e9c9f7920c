import { Space, Table, Tag, Typography, type TableColumnsType, type TableColumnType } from 'antd';
import { LIMITS, numbersOf } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { actionColumn } from '../../components/action-column';
import { nextOccurrence, type Schedule } from './schedule-form';

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
  const { t } = useTranslation('workbench');
  // Week and month cycles name their days, so a row says when it records without opening it.
  const cycleText = (s: Schedule) => {
    const label = t(`schedule.cycles.${s.cycle}`);
    if (s.cycle === 'week')
      return `${label}: ${numbersOf(s.weekdays, 7)
        .map((d) => t(`schedule.weekdays.${d}`))
        .join(', ')}`;
    if (s.cycle === 'month') {
      const months = numbersOf(s.months, 12)
        .map((m) => t(`schedule.months.${m}`))
        .join(', ');
      return `${label}: ${months}; ${numbersOf(s.monthdays, 31).join(', ')}`;
    }
    return label;
  };
  const columns: TableColumnsType<Schedule> = [
    {
      title: t('schedule.name'),
      dataIndex: 'name',
      render: (name: string, s) => (
        <Space size={6} wrap>
          <span>{name}</span>
          {s.origin === 'opencast' && <Tag color="blue">{t('schedule.opencast')}</Tag>}
          {s.id === recordingId && <Tag color="red">{t('schedule.recordingNow')}</Tag>}
        </Space>
      ),
    },
    { title: t('schedule.cycle'), key: 'cycle', render: (_, s) => cycleText(s) },
    { title: t('schedule.start'), dataIndex: 'start', className: 'rc-nowrap' },
    { title: t('schedule.stop'), dataIndex: 'stop', className: 'rc-nowrap' },
    {
      title: t('schedule.enabled'),
      dataIndex: 'enable',
      render: (enable: boolean) => <Tag color={enable ? 'green' : 'default'}>{enable ? t('schedule.yes') : t('schedule.no')}</Tag>,
    },
    {
      title: t('schedule.next'),
      key: 'next',
      className: 'rc-nowrap',
      render: (_, s) => {
        const next = nextOccurrence(s);
        return next ? next.start : <Typography.Text type="secondary">{t('schedule.none')}</Typography.Text>;
      },
    },
    readOnlyForOpencast(
      t('schedule.fromOpencast'),
      actionColumn<Schedule>({
        title: t('schedule.operation'),
        width: 190,
        editText: t('schedule.edit'),
        removeText: t('schedule.delete'),
        cancelText: t('schedule.cancel'),
        confirm: (s) => t('schedule.deleteConfirm', { name: s.name }),
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
