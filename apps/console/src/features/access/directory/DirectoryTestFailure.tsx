import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { apiErrorText } from '../../../api/hooks';
import { saveFailureText } from '../../../components/settings/issue-text';
import { failedStep } from './test-failure';

/**
 * A failed test: the step that failed in the reader's language with the directory's own words under it; any other
 * refusal (a value the service would not save, no URL or search base, no such user) as the service's message.
 */
export function DirectoryTestFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('access', { keyPrefix: 'directory.test' });
  const business = error instanceof ApiError && error.kind === 'business';
  const failed = business ? failedStep(error.message) : undefined;
  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        title={t('failedAt', { step: t(`steps.${failed.step}`) })}
        description={failed.reason}
        className="rc-directory-test-outcome"
        data-testid="directory-test-result"
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      title={business ? saveFailureText(error.message, ['setting_ldap']) : apiErrorText(error)}
      className="rc-directory-test-outcome"
      data-testid="directory-test-result"
    />
  );
}
