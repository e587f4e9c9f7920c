import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Flex, Form, Space, Spin } from 'antd';
import { EditOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkAll, SETTINGS, type SettingCode } from '@roomcast/contract';
import { ApiError } from '../../api/client';
import { apiErrorText, showApiError, useCallMutation, useCallQuery } from '../../api/hooks';
import { useAuth } from '../../app/auth';
import { toastWarning } from '../../app/toast';
import { PageContainer } from '../PageContainer';
import { issueText, saveFailureText } from './issue-text';
import { SettingField } from './SettingField';
import {
  codesOf,
  fieldState,
  panelKeys,
  readBody,
  saveBody,
  screenIssues,
  valuesFromAnswer,
  withEdit,
  type PanelDecl,
  type ScreenValues,
} from './settings-form';
import './settings.css';

interface Props {
  title: ReactNode;
  panels: readonly PanelDecl[];
}

/**
 * The one template of every settings screen (spec §2): the screen's panels in view mode with Edit; in edit
 * mode Save and Reset. Reset leaves edit mode and reloads from the device; Save sends every code of the
 * screen in one `setsetting` and returns to view mode only when it succeeded, then reloads. The contract
 * gives each field its widget, the rules tying keys together, and the issues shown under the fields.
 */
export function SettingsPanel({ title, panels }: Props) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const { user } = useAuth();
  const body = useMemo(() => readBody(panels), [panels]);
  const codes = useMemo(() => codesOf(panels), [panels]);
  const read = useCallQuery('getsetting', body, { silent: true });
  const save = useCallMutation('setsetting', { invalidate: ['getsetting', 'readconfig'], silent: true });
  const [draft, setDraft] = useState<ScreenValues>();
  const editing = draft !== undefined;
  const loaded = useMemo(() => (read.data ? valuesFromAnswer(read.data) : undefined), [read.data]);
  const values = draft ?? loaded ?? {};
  const issues = useMemo(() => (draft ? screenIssues(panels, draft) : {}), [panels, draft]);
  const canWrite =
    !!user &&
    checkAll(
      codes.map((c: SettingCode) => SETTINGS[c].write),
      user,
    ) === 'allow';

  const reset = () => {
    setDraft(undefined);
    void read.refetch();
  };
  const submit = async () => {
    if (!draft) return;
    if (Object.keys(issues).length) {
      toastWarning(t('panel.fixErrors'));
      return;
    }
    try {
      await save.mutateAsync(saveBody(panels, draft));
      setDraft(undefined);
      message.success(t('panel.saved'));
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'business') toastWarning(saveFailureText(err.message, codes));
      else if (err instanceof ApiError && err.status === 401) showApiError(err);
      else toastWarning(apiErrorText(err));
    }
  };

  const actions = editing ? (
    <Space>
      <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit()}>
        {t('panel.save')}
      </Button>
      <Button icon={<UndoOutlined />} disabled={save.isPending} onClick={reset}>
        {t('panel.reset')}
      </Button>
    </Space>
  ) : (
    canWrite && (
      <Button type="primary" icon={<EditOutlined />} disabled={!loaded} onClick={() => setDraft(loaded)}>
        {t('panel.edit')}
      </Button>
    )
  );

  return (
    <PageContainer title={title} extra={actions || undefined}>
      {read.isError && !loaded ? (
        <Alert
          type="error"
          showIcon
          message={apiErrorText(read.error)}
          action={<Button onClick={() => void read.refetch()}>{t('panel.retry')}</Button>}
        />
      ) : !loaded ? (
        <div className="rc-center">
          <Spin />
        </div>
      ) : (
        <Flex vertical gap={16} data-testid={editing ? 'settings-editing' : 'settings-viewing'}>
          {panels.map((p) => (
            <Card key={p.title} type="inner" title={t(p.title)} data-testid={`settings-panel-${p.title.split('.').pop()}`}>
              <Form layout="horizontal" labelCol={{ flex: '200px' }} labelWrap colon={false} className="rc-settings-form">
                {panelKeys(p).map((key) => {
                  const state = fieldState(p.code, key, values, editing, p.fields?.[key]);
                  if (!state.visible) return null;
                  const issue = issues[p.code]?.find((i) => i.key === key);
                  return (
                    <SettingField
                      key={key}
                      code={p.code}
                      name={key}
                      value={values[p.code]?.[key] ?? ''}
                      disabled={state.disabled}
                      error={issue && issueText(p.code, issue)}
                      options={p.fields?.[key]}
                      onChange={(value) => setDraft((d) => withEdit(d ?? values, p.code, key, value))}
                    />
                  );
                })}
              </Form>
            </Card>
          ))}
        </Flex>
      )}
    </PageContainer>
  );
}
