import { Fragment, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/hooks';
import { PageContainer } from '../PageContainer';
import { SettingsActions } from './SettingsActions';
import { SettingsFields } from './SettingsFields';
import type { PanelDecl } from './settings-form';
import { useSettingsEdit, type SettingsEdit, type SettingsEditOptions } from './use-settings-edit';
import './settings.css';

interface Props {
  title: ReactNode;
  panels: readonly PanelDecl[];
  /**
   * More content in a panel's card, below its fields, by the panel's title (e.g. the RTMP outputs' controls); a
   * function gets the form (e.g. to be usable in edit mode only).
   */
  below?: Readonly<Record<string, ReactNode | ((form: SettingsEdit) => ReactNode)>>;
  /** A screen's own cards after a panel's card, by the panel's title (e.g. the capture devices the box finds). */
  after?: Readonly<Record<string, ReactNode>>;
  /** A panel's card title in place of its text, by the panel's title (e.g. with an icon that does something). */
  titles?: Readonly<Record<string, ReactNode>>;
  /** Why Edit cannot be used now (e.g. while recording, spec §4), shown beside it; undefined: it can. */
  editBlocked?: string;
  /** A screen's own save texts and a step after saving (`useSettingsEdit`). */
  options?: SettingsEditOptions;
}

/**
 * The one template of every settings screen (spec §2): the screen's panels in view mode with Edit; in edit
 * mode Save and Reset (`useSettingsEdit`). The contract gives each field its widget, the rules tying keys
 * together, and the issues shown under the fields.
 */
export function SettingsPanel({ title, panels, below, after, titles, editBlocked, options }: Props) {
  const { t } = useTranslation('settings');
  const form = useSettingsEdit(panels, options);
  const { read, loaded, editing } = form;

  return (
    <PageContainer title={title} extra={<SettingsActions form={form} blocked={editBlocked} />}>
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
            <Fragment key={p.title}>
              <Card type="inner" title={titles?.[p.title] ?? t(p.title)} data-testid={`settings-panel-${p.title.split('.').pop()}`}>
                <SettingsFields panel={p} form={form} />
                {belowOf(below?.[p.title], form)}
              </Card>
              {after?.[p.title]}
            </Fragment>
          ))}
        </Flex>
      )}
    </PageContainer>
  );
}

function belowOf(content: ReactNode | ((form: SettingsEdit) => ReactNode), form: SettingsEdit): ReactNode {
  return typeof content === 'function' ? content(form) : content;
}
