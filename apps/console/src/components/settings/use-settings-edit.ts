import { useMemo, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkAll,
  SETTINGS,
  type CallData,
  type CallName,
  type CallRequest,
  type SettingCode,
  type SettingContext,
  type SettingIssue,
} from '@roomcast/contract';
import { ApiError } from '../../api/client';
import { apiErrorText, showApiError, useCallMutation, useCallQuery } from '../../api/hooks';
import { useAuth } from '../../app/auth';
import { toastWarning } from '../../app/toast';
import { useWebConfig } from '../../app/webconfig';
import { saveFailureText } from './issue-text';
import {
  codesOf,
  readBody,
  saveBody,
  screenIssues,
  valuesFromAnswer,
  withEdit,
  withFollowers,
  type PanelDecl,
  type ScreenValues,
} from './settings-form';

export interface SettingsEdit {
  read: UseQueryResult<CallData<'getsetting'>, ApiError>;
  /** The values read from the device; undefined until the first read. */
  loaded: ScreenValues | undefined;
  /** What the fields show: the draft while editing, else what was read. */
  values: ScreenValues;
  editing: boolean;
  saving: boolean;
  /** Issues of the draft by code, as the service would find them. */
  issues: Partial<Record<SettingCode, SettingIssue[]>>;
  /** The user may write every code of the panels (Edit shows only then). */
  canWrite: boolean;
  /** The box's mode (web config), which some keys' options and rules depend on. */
  ctx: SettingContext;
  edit: () => void;
  /** Leaves edit mode and reads from the device again. */
  reset: () => void;
  /** One `setsetting` for every code; back to view mode only when it succeeded. */
  submit: () => Promise<void>;
  change: (code: SettingCode, key: string, value: string) => void;
}

/**
 * The state of the one settings pattern (spec §2): view mode with Edit; in edit mode Save and Reset. Reset
 * leaves edit mode and reloads from the device; Save sends every code of the panels in one `setsetting` and
 * returns to view mode only when it succeeded, then reloads. `SettingsPanel` (a settings screen) and the
 * workbench's Live panel both render it.
 */
export interface SettingsEditOptions {
  invalidate?: CallName[];
  /** A screen's own texts for a save (spec §8, e.g. the effect screen's 'Fail to save animate setting'). */
  messages?: {
    saved?: () => string;
    /** The failure toast, given the service's message in the reader's language. */
    failed?: (text: string) => string;
    /** After a refused save, leave edit mode and read the device's values again. */
    resetOnFailure?: boolean;
  };
  /**
   * A question to confirm before saving this draft (e.g. network settings, which reboot the box: spec §4), or
   * undefined to save at once. Cancel keeps the draft in edit mode.
   */
  confirmSave?: (draft: ScreenValues, loaded: ScreenValues | undefined) => { title: string; content: string; okText: string } | undefined;
  /** Runs after the settings were saved, before view mode (e.g. the OSD logo's upload at the saved size). */
  afterSave?: (saved: ScreenValues) => Promise<void>;
  /**
   * Sends the save another way than `setsetting` (e.g. the product editor's `editproduct`, which carries an
   * administrator's credentials); it invalidates what it changed itself.
   */
  saveWith?: (body: CallRequest<'setsetting'>) => Promise<unknown>;
}

export function useSettingsEdit(panels: readonly PanelDecl[], opts: SettingsEditOptions = {}): SettingsEdit {
  const { t } = useTranslation('settings');
  const { message, modal } = App.useApp();
  const { user } = useAuth();
  const { site } = useWebConfig();
  const ctx = useMemo<SettingContext>(() => ({ mode4k: site.mode4k }), [site.mode4k]);
  const body = useMemo(() => readBody(panels), [panels]);
  const codes = useMemo(() => codesOf(panels), [panels]);
  const read = useCallQuery('getsetting', body, { silent: true });
  const save = useCallMutation('setsetting', { invalidate: ['getsetting', 'readconfig', ...(opts.invalidate ?? [])], silent: true });
  const [draft, setDraft] = useState<ScreenValues>();
  const loaded = useMemo(() => (read.data ? valuesFromAnswer(read.data) : undefined), [read.data]);
  const values = draft ?? loaded ?? {};
  const issues = useMemo(() => (draft ? screenIssues(panels, draft, ctx) : {}), [panels, draft, ctx]);
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
    const question = opts.confirmSave?.(draft, loaded);
    if (question) {
      const confirmed = await new Promise<boolean>((resolve) =>
        modal.confirm({ ...question, onOk: () => resolve(true), onCancel: () => resolve(false) }),
      );
      if (!confirmed) return;
    }
    const texts = opts.messages ?? {};
    try {
      await (opts.saveWith ?? save.mutateAsync)(saveBody(panels, draft));
      await opts.afterSave?.(draft);
      setDraft(undefined);
      message.success(texts.saved?.() ?? t('panel.saved'));
    } catch (err) {
      const text = err instanceof ApiError && err.kind === 'business' ? saveFailureText(err.message, codes) : apiErrorText(err);
      if (err instanceof ApiError && err.status === 401) showApiError(err);
      else toastWarning(texts.failed?.(text) ?? text);
      if (texts.resetOnFailure) reset();
    }
  };

  return {
    read,
    loaded,
    values,
    editing: draft !== undefined,
    saving: save.isPending,
    issues,
    canWrite,
    ctx,
    edit: () => setDraft(loaded),
    reset,
    submit,
    change: (code, key, value) => setDraft((d) => withFollowers(panels, withEdit(d ?? values, code, key, value), code, key)),
  };
}
