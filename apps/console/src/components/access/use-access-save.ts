import { useEffect, useState } from 'react';
import type { FormInstance } from 'antd';
import type { CallName } from '@roomcast/contract';
import { call } from '../../api/client';
import { showApiError, useCallQuery } from '../../api/hooks';
import { useInvalidate } from '../../api/use-invalidate';

export type SaveMode = 'new' | 'edit';

interface Options<V extends { access?: string[] }> {
  form: FormInstance<V>;
  codeType: 'user' | 'group';
  /** The code of the user or group being edited; none for a new one. */
  editing: string | undefined;
  /** Creates or updates the user or group; returns its code and the recording access to save for it. */
  saveEntity: (values: V, mode: SaveMode) => Promise<{ code: string; access: string[] }>;
  /** After a whole save: the success message, reloading who we are, closing. */
  onSaved: (values: V) => void;
  /** The list call whose cached answers the save makes stale. */
  list: CallName;
}

/**
 * The save flow users and groups share: load the recording access of the one being edited into the form's
 * `access` field, save the entity then its access, and after a create whose access save failed, treat
 * further saves as edits (the entity exists by then).
 */
export function useAccessSave<V extends { access?: string[] }>(o: Options<V>) {
  const [mode, setMode] = useState<SaveMode>(o.editing ? 'edit' : 'new');
  const [saving, setSaving] = useState(false);
  const invalidate = useInvalidate();
  const access = useCallQuery('listrecordingaccess', { code: o.editing ?? '-', code_type: o.codeType }, { enabled: Boolean(o.editing) });

  useEffect(() => {
    if (access.data) o.form.setFieldValue('access' as never, access.data as never);
  }, [access.data, o.form]);

  const save = async () => {
    const values = await o.form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      const saved = await o.saveEntity(values, mode);
      setMode('edit');
      if (o.editing || saved.access.length > 0) {
        await call('saverecordingaccess', { code: saved.code, code_type: o.codeType, access_group: saved.access });
      }
      o.onSaved(values);
    } catch (err) {
      showApiError(err);
    } finally {
      setSaving(false);
      void invalidate(o.list, 'listrecordingaccess');
    }
  };

  return { mode, saving, save, accessLoading: access.isFetching };
}
