import { useCallback, useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving asks first: another screen of the console (the router's blocker), a reload or another site
 * (the browser's own question), and the caller's own close (`confirmLeave`, resolving true to leave).
 */
export function useLeaveGuard(dirty: boolean): () => Promise<boolean> {
  const { t } = useTranslation('captions');
  const { modal } = App.useApp();

  const confirmLeave = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        if (!dirty) return resolve(true);
        modal.confirm({
          title: t('editor.leaveTitle'),
          content: t('editor.leaveText'),
          okText: t('editor.leave'),
          okButtonProps: { danger: true },
          cancelText: t('editor.stay'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [dirty, modal, t],
  );

  const blocker = useBlocker(dirty);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeave().then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirmLeave]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return confirmLeave;
}
