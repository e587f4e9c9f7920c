import { useState } from 'react';
import { FormModal } from '../../components/FormModal';
import { Alert, App, Col, DatePicker, Form, Input, Radio, Row, Space, Switch, TimePicker, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { tMessage } from '../../app/messages';
import { ScheduleDaysFields } from './ScheduleDaysFields';
import { fieldRule, submitFailText } from './schedule-rules';
import { CYCLES, scheduleBody, scheduleFormValues, type Schedule, type ScheduleFormValues } from './schedule-form';
import '../../components/panel.css';
import './schedule.css';

interface Props {
  /** The schedule to update; none adds a new one. */
  schedule?: Schedule;
  onSaved: () => void;
  onClose: () => void;
}

const TIME_FORMAT = 'HH:mm:ss';

/**
 * The start or the stop: a date and a time side by side, the range rule on the date (its error shows once, under
 * the pair) and the time picker red as well while that rule fails.
 */
function DateTimeField({
  edge,
  form,
  bad,
  dependencies,
}: {
  edge: 'start' | 'stop';
  form: FormInstance<ScheduleFormValues>;
  bad: boolean;
  dependencies: string[];
}) {
  const { t } = useTranslation('schedule');
  return (
    <Form.Item label={t(edge)} required>
      <Space.Compact block>
        <Form.Item name={`${edge}Date`} noStyle rules={[fieldRule(form, edge)]} dependencies={dependencies}>
          <DatePicker placeholder={t(`${edge}Date`)} className="rc-date-input" />
        </Form.Item>
        <Form.Item name={`${edge}Time`} noStyle>
          <TimePicker
            placeholder={t(`${edge}Time`)}
            status={bad ? 'error' : undefined}
            format={TIME_FORMAT}
            needConfirm={false}
            className="rc-time-input"
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** Add or update a recording schedule (spec §4 schedule modals, §5 rules, §8 messages). */
export function ScheduleModal({ schedule, onSaved, onClose }: Props) {
  const { t } = useTranslation('schedule');
  const { message } = App.useApp();
  const [form] = Form.useForm<ScheduleFormValues>();
  const cycle = Form.useWatch('cycle', form);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  // A range error is reported once, under the date picker; the time picker beside it turns red as well.
  const [badRange, setBadRange] = useState({ start: false, stop: false });
  const markRange = () =>
    setBadRange({ start: form.getFieldError('startDate').length > 0, stop: form.getFieldError('stopDate').length > 0 });

  const submit = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const data = scheduleBody(form.getFieldsValue(true) as ScheduleFormValues, schedule?.id);
    setSaving(true);
    setFailure(undefined);
    try {
      await call('schedule', schedule ? { operation: 'update', data } : { operation: 'add', data });
      void message.success(tMessage('messageSubmitScheduleSucc'));
      onSaved();
      onClose();
    } catch (err) {
      // A 401 is already on its way to /login with its own message.
      if (err instanceof ApiError && err.status === 401) return;
      const text = submitFailText(err);
      setFailure(text);
      void message.warning(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      title={schedule ? t('editTitle') : t('addTitle')}
      okText={t('submit')}
      cancelText={t('cancel')}
      saving={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      width={680}
    >
      <Form
        form={form}
        name="schedule"
        layout="vertical"
        initialValues={scheduleFormValues(schedule)}
        className="rc-schedule-form"
        onFieldsChange={markRange}
      >
        {failure && <Alert type="error" showIcon title={failure} className="rc-panel-alert" data-testid="schedule-failure" />}
        <Form.Item name="name" label={t('name')} required rules={[fieldRule(form, 'name')]}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <DateTimeField edge="start" form={form} bad={badRange.start} dependencies={['startTime']} />
          </Col>
          <Col xs={24} sm={12}>
            <DateTimeField edge="stop" form={form} bad={badRange.stop} dependencies={['stopTime', 'startDate', 'startTime']} />
          </Col>
        </Row>
        <Form.Item
          name="cycle"
          label={t('cycle')}
          required
          rules={[fieldRule(form, 'cycle')]}
          extra={cycle && <Typography.Text type="secondary">{t(cycle === 'once' ? 'onceHint' : 'repeatHint')}</Typography.Text>}
        >
          <Radio.Group optionType="button" buttonStyle="solid" options={CYCLES.map((c) => ({ value: c, label: t(`cycles.${c}`) }))} />
        </Form.Item>
        <ScheduleDaysFields form={form} cycle={cycle} />
        <Form.Item name="enable" label={t('enable')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
