import type { ReactNode } from 'react';
import { Modal } from 'antd';

interface Props {
  title: ReactNode;
  okText: ReactNode;
  cancelText: ReactNode;
  saving: boolean;
  onOk: () => void;
  onCancel: () => void;
  width?: number;
  children: ReactNode;
}

/**
 * The console's add/edit dialog: open while mounted, a busy OK button while saving, and no closing by a
 * click beside it (a half-filled form is not thrown away by accident).
 */
export function FormModal({ title, okText, cancelText, saving, onOk, onCancel, width = 800, children }: Props) {
  return (
    <Modal
      open
      width={width}
      title={title}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={saving}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {children}
    </Modal>
  );
}
