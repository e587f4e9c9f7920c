import dayjs from 'dayjs';
import type { FormInstance, FormRule } from 'antd';
import { MESSAGES, type MessageKey } from '@roomcast/contract';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../api/hooks';
import { localizeServerMessage, tMessage } from '../../app/messages';
import i18n from '../../app/i18n';
import { scheduleProblems, type ScheduleField, type ScheduleFormValues, type ScheduleProblem } from './schedule-form';

/** A problem as the reader's text: contract messages from `messages`, the others from `workbench`. */
export function problemText(problem: ScheduleProblem): string {
  return problem in MESSAGES ? tMessage(problem as MessageKey) : i18n.t(`errors.${problem}`, { ns: 'schedule' });
}

/**
 * The antd rule of one field: the pure `scheduleProblems` over the whole form, so cross-field rules (start
 * before stop, a weekday for a week cycle) read the same values as the submit.
 */
export function fieldRule(form: FormInstance<ScheduleFormValues>, field: ScheduleField): FormRule {
  return {
    validator: async () => {
      const problem = scheduleProblems(form.getFieldsValue(true) as ScheduleFormValues, dayjs())[field];
      if (problem) throw new Error(problemText(problem));
    },
  };
}

const FAIL_PREFIX = `${MESSAGES.messageSubmitScheduleFail}: `;

/**
 * Spec §8: messageSubmitScheduleFail plus the service's reason. The service answers
 * "Fail to update schedule: <reason>"; the prefix is shown in the reader's language.
 */
export function submitFailText(err: unknown): string {
  const raw = err instanceof ApiError ? err.message : '';
  const reason = raw.startsWith(FAIL_PREFIX) ? localizeServerMessage(raw.slice(FAIL_PREFIX.length)) : apiErrorText(err);
  return `${tMessage('messageSubmitScheduleFail')}: ${reason}`;
}
