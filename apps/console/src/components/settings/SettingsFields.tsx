import { Form } from 'antd';
import { issueText } from './issue-text';
import { SettingField } from './SettingField';
import { fieldChoices, fieldState, panelKeys, type PanelDecl } from './settings-form';
import type { SettingsEdit } from './use-settings-edit';
import './settings.css';

/** The fields of one panel, each from its contract metadata, disabled in view mode, with its issue under it. */
export function SettingsFields({ panel: p, form, idPrefix }: { panel: PanelDecl; form: SettingsEdit; idPrefix?: string }) {
  return (
    <Form layout="horizontal" labelCol={{ flex: '200px' }} labelWrap colon={false} className="rc-settings-form">
      {panelKeys(p).map((key) => {
        const state = fieldState(p.code, key, form.values, form.editing, p.fields?.[key]);
        if (!state.visible) return null;
        const issue = form.issues[p.code]?.find((i) => i.key === key);
        return (
          <SettingField
            key={key}
            code={p.code}
            name={key}
            value={form.values[p.code]?.[key] ?? ''}
            disabled={state.disabled}
            error={issue && issueText(p.code, issue)}
            options={p.fields?.[key]}
            choices={fieldChoices(p.code, key, form.values, form.ctx)}
            hint={p.fields?.[key]?.hint?.(form.values)}
            offered={p.fields?.[key]?.offered?.(form.values)}
            onChange={(value) => form.change(p.code, key, value)}
            idPrefix={idPrefix}
          />
        );
      })}
    </Form>
  );
}
