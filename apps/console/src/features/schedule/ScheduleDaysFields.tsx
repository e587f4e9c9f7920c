import { Checkbox, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { MONTHDAYS, MONTHS, WEEKDAYS } from '@roomcast/contract';
import { fieldRule } from './schedule-rules';
import type { Cycle, ScheduleFormValues } from './schedule-form';
import './schedule.css';

/** Weekdays for a week cycle; months and month days for a month cycle (spec §5). */
export function ScheduleDaysFields({ form, cycle }: { form: FormInstance<ScheduleFormValues>; cycle: Cycle | undefined }) {
  const { t } = useTranslation('schedule');
  if (cycle === 'week') {
    return (
      <Form.Item name="weekdays" label={t('weekdaysLabel')} required rules={[fieldRule(form, 'weekdays')]}>
        <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: t(`weekdays.${d}`) }))} />
      </Form.Item>
    );
  }
  if (cycle !== 'month') return null;
  return (
    <>
      <Form.Item name="months" label={t('monthsLabel')} required rules={[fieldRule(form, 'months')]}>
        <Checkbox.Group className="rc-day-grid rc-month-grid" options={MONTHS.map((m) => ({ value: m, label: t(`months.${m}`) }))} />
      </Form.Item>
      <Form.Item name="monthdays" label={t('monthdaysLabel')} required rules={[fieldRule(form, 'monthdays')]}>
        <Checkbox.Group className="rc-day-grid" options={MONTHDAYS.map((d) => ({ value: d, label: String(d) }))} />
      </Form.Item>
    </>
  );
}
