import { useState, type ReactNode } from 'react';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import { showApiError } from '../api/hooks';

interface Props extends Omit<ButtonProps, 'onClick' | 'title'> {
  /** The question of the Popconfirm. */
  confirm: ReactNode;
  description?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  /** Runs on OK; while its promise is pending the OK button spins. */
  onConfirm: () => unknown;
  children?: ReactNode;
}

/** A button that asks before it acts (spec §5 Confirmations). */
export function ConfirmButton({ confirm, description, okText, cancelText, onConfirm, children, danger, ...button }: Props) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (err) {
      // Failures are shown, once, as a warning; the Popconfirm closes either way.
      showApiError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={confirm}
      description={description}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger, loading: busy }}
      onConfirm={run}
    >
      <Button danger={danger} loading={busy} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
}
