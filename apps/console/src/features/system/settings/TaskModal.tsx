import { useState } from 'react';
import { Alert, App, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Switch, TimePicker, type FormRule } from 'antd';
import { MONTHDAYS, MONTHS, TASK_CODES, TASK_CYCLES, TASK_SECONDS_MAX, WEEKDAYS, type TaskField } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../api/client';
import { apiErrorText } from '../../../api/hooks';
import { tMessage } from '../../../app/messages';
import { FormModal } from '../../../components/FormModal';
import { TIME_FORMAT, taskBody, taskFormProblems, taskFormValues, type Task, type TaskFormValues } from './task-form';

interface Props {
  /** The task to update; none adds a new one. */
  task?: Task;
  onSaved: () => void;
  onClose: () => void;
}

/** Add or update a system task (spec §5 task rules; each error in red under its field with its §8 message). */
export function TaskModal({ task, onSaved, onClose }: Props) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const [form] = Form.useForm<TaskFormValues>();
  const cycle = Form.useWatch('cycle', form);
  const repeat = Form.useWatch('repeat', form);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  // Each field's rule reads the whole form, so the cross-field rules (interval above duration, a weekday for a
  // week) judge the same values the submit sends.
  const rule = (field: TaskField): FormRule => ({
    validator: async () => {
      const problem = taskFormProblems(form.getFieldsValue(true) as TaskFormValues)[field];
      if (problem) throw new Error(tMessage(problem));
    },
  });

  const submit = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const data = taskBody(form.getFieldsValue(true) as TaskFormValues, task?.id);
    setSaving(true);
    setFailure(undefined);
    try {
      await call('task_schedule', task ? { operation: 'update', data } : { operation: 'add', data });
      void message.success(tMessage('messageSubmitScheduleSucc'));
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      setFailure(apiErrorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      title={task ? t('screens.system.tasks.editTitle') : t('screens.system.tasks.addTitle')}
      okText={t('screens.system.tasks.submit')}
      cancelText={t('screens.system.tasks.cancel')}
      saving={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      width={680}
    >
      <Form form={form} name="task" layout="vertical" initialValues={taskFormValues(task)}>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="task-failure" />}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('screens.system.tasks.name')} required rules={[rule('name')]}>
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="taskcode" label={t('screens.system.tasks.type')} required rules={[rule('taskcode')]}>
              <Select options={TASK_CODES.map((c) => ({ value: c, label: t(`screens.system.tasks.types.${c}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="start" label={t('screens.system.tasks.start')} required rules={[rule('start')]}>
              <TimePicker format={TIME_FORMAT} needConfirm={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="enable" label={t('screens.system.tasks.enable')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="cycle" label={t('screens.system.tasks.cycle')} required rules={[rule('cycle')]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={TASK_CYCLES.map((c) => ({ value: c, label: t(`screens.system.tasks.cycles.${c}`) }))}
          />
        </Form.Item>
        {cycle === 'week' && (
          <Form.Item name="weekdays" label={t('screens.system.tasks.weekdays')} required rules={[rule('weekdays')]}>
            <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: t(`screens.system.tasks.weekday.${d}`) }))} />
          </Form.Item>
        )}
        {cycle === 'month' && (
          <>
            <Form.Item name="months" label={t('screens.system.tasks.months')} required rules={[rule('months')]}>
              <Checkbox.Group options={MONTHS.map((m) => ({ value: m, label: t(`screens.system.tasks.month.${m}`) }))} />
            </Form.Item>
            <Form.Item name="monthdays" label={t('screens.system.tasks.monthdays')} required rules={[rule('monthdays')]}>
              <Checkbox.Group options={MONTHDAYS.map((d) => ({ value: d, label: String(d) }))} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="repeat"
          label={t('screens.system.tasks.repeat')}
          valuePropName="checked"
          extra={t('screens.system.tasks.repeatHint')}
        >
          <Switch />
        </Form.Item>
        {repeat && (
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="repeatinterval"
                label={t('screens.system.tasks.repeatinterval')}
                required
                rules={[rule('repeatinterval')]}
                dependencies={['duration']}
              >
                <InputNumber min={0} max={TASK_SECONDS_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="duration" label={t('screens.system.tasks.duration')} required rules={[rule('duration')]}>
                <InputNumber min={0} max={TASK_SECONDS_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        )}
      </Form>
    </FormModal>
  );
}
