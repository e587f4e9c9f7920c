import { useState } from 'react';
import { App, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useCallQuery } from '../../api/hooks';
import { useInvalidate } from '../../api/use-invalidate';
import { tMessage } from '../../app/messages';
import { useRecordStatus } from '../../app/status';
import { ScheduleIcalButtons } from './ScheduleIcalButtons';
import { ScheduleModal } from './ScheduleModal';
import { ScheduleTable } from './ScheduleTable';
import type { Schedule } from './schedule-form';
import { AddButton, RefreshButton } from '../../components/ListButtons';
import '../../components/panel.css';

/** Spec §8: the list is read again 1 s after a delete. */
const RELOAD_AFTER_DELETE_MS = 1000;
const LIST = { operation: 'list' } as const;

type Editing = { schedule?: Schedule } | undefined;

/** The recording schedules of the Record panel: table, add, update, delete, iCal import and export. */
export function ScheduleCard() {
  const { t } = useTranslation('schedule');
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const list = useCallQuery('schedule', LIST);
  const { data: status } = useRecordStatus();
  const [editing, setEditing] = useState<Editing>();
  const reload = () => invalidate('schedule');
  const recordingId = status?.isschedulerecording === 'true' ? Number(status.recordingscheduleid) : undefined;

  const onDelete = async (schedule: Schedule) => {
    // Failures are shown by ConfirmButton as the service's message.
    await call('schedule', { operation: 'delete', data: { id: schedule.id } });
    void message.success(tMessage('messageDeleteSucc'));
    setTimeout(() => void reload(), RELOAD_AFTER_DELETE_MS);
  };

  return (
    <Card
      title={t('title')}
      className="rc-panel"
      data-testid="schedule-panel"
      extra={
        <Space wrap>
          <AddButton onClick={() => setEditing({})}>{t('add')}</AddButton>
          <RefreshButton query={list}>{t('refresh')}</RefreshButton>
          <ScheduleIcalButtons onImported={() => void reload()} />
        </Space>
      }
    >
      <ScheduleTable
        schedules={list.data ?? []}
        loading={list.isLoading}
        recordingId={recordingId}
        onEdit={(schedule) => setEditing({ schedule })}
        onDelete={onDelete}
      />
      {editing && <ScheduleModal schedule={editing.schedule} onSaved={() => void reload()} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
