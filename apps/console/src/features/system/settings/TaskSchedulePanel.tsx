import { useState } from 'react';
import { App, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { LIMITS, numbersOf, TASK_MASK_BITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { useCallQuery } from '../../../api/hooks';
import { useInvalidate } from '../../../api/use-invalidate';
import { tMessage } from '../../../app/messages';
import { actionColumn } from '../../../components/action-column';
import { TaskModal } from './TaskModal';
import type { Task } from './task-form';
import { AddButton, RefreshButton } from '../../../components/ListButtons';

const LIST = { operation: 'list' } as const;

/** System settings → Task schedule: reboot, clear logs or sync the clock on a schedule (spec §2, §3, §5). */
export function TaskSchedulePanel() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const list = useCallQuery('task_schedule', LIST);
  const [editing, setEditing] = useState<{ task?: Task }>();
  const tt = (key: string, opts?: Record<string, unknown>) => t(`screens.system.tasks.${key}`, opts);

  const cycleText = (task: Task) => {
    const label = tt(`cycles.${task.cycle}`);
    if (task.cycle === 'week')
      return `${label}: ${numbersOf(task.weekdays, TASK_MASK_BITS.weekdays)
        .map((d) => tt(`weekday.${d}`))
        .join(', ')}`;
    if (task.cycle === 'month')
      return `${label}: ${numbersOf(task.months, TASK_MASK_BITS.months)
        .map((m) => tt(`month.${m}`))
        .join(', ')}; ${numbersOf(task.monthdays, TASK_MASK_BITS.monthdays).join(', ')}`;
    return label;
  };
  const remove = async (task: Task) => {
    await call('task_schedule', { operation: 'delete', data: { id: task.id } });
    void message.success(tMessage('messageDeleteSucc'));
    void invalidate('task_schedule');
  };

  const columns: TableColumnsType<Task> = [
    { title: tt('name'), dataIndex: 'name' },
    { title: tt('type'), dataIndex: 'taskcode', render: (code: Task['taskcode']) => tt(`types.${code}`) },
    { title: tt('start'), dataIndex: 'start', className: 'rc-nowrap' },
    { title: tt('cycle'), key: 'cycle', render: (_, task) => cycleText(task) },
    {
      title: tt('repeat'),
      key: 'repeat',
      render: (_, task) => (task.repeat ? tt('repeatEvery', { interval: task.repeatinterval, duration: task.duration }) : tt('no')),
    },
    {
      title: tt('enable'),
      dataIndex: 'enable',
      render: (enable: boolean) => <Tag color={enable ? 'green' : 'default'}>{enable ? tt('yes') : tt('no')}</Tag>,
    },
    {
      title: tt('next'),
      dataIndex: 'next',
      className: 'rc-nowrap',
      render: (next: string) => next || <Typography.Text type="secondary">{tt('none')}</Typography.Text>,
    },
    actionColumn<Task>({
      title: tt('operation'),
      width: 190,
      editText: tt('edit'),
      removeText: tt('delete'),
      cancelText: tt('cancel'),
      confirm: (task) => tt('deleteConfirm', { name: task.name }),
      rowName: (task) => task.name,
      onEdit: (task) => setEditing({ task }),
      onRemove: remove,
    }),
  ];

  return (
    <Card
      title={tt('title')}
      data-testid="task-schedule-panel"
      extra={
        <Space wrap>
          <AddButton onClick={() => setEditing({})}>{tt('add')}</AddButton>
          <RefreshButton query={list}>{tt('refresh')}</RefreshButton>
        </Space>
      }
    >
      <Table<Task>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: LIMITS.schedulePageSize, hideOnSinglePage: true, showSizeChanger: false }}
      />
      {editing && <TaskModal task={editing.task} onSaved={() => void invalidate('task_schedule')} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
