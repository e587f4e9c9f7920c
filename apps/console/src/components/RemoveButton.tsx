import type { ReactNode } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { ConfirmButton } from './ConfirmButton';

interface Props {
  /** The button's text (Remove, Delete); also the confirmation's OK. */
  text: string;
  /** What the row is called: the accessible name is the text followed by it ("Delete Lecture 3"). */
  rowName: string;
  confirm: ReactNode;
  cancelText: string;
  onConfirm: () => unknown;
}

/** The red link button of a table row that asks before it removes the row (spec §5 Confirmations). */
export function RemoveButton({ text, rowName, confirm, cancelText, onConfirm }: Props) {
  return (
    <ConfirmButton
      type="link"
      size="small"
      danger
      icon={<DeleteOutlined />}
      autoInsertSpace={false}
      aria-label={`${text} ${rowName}`}
      confirm={confirm}
      okText={text}
      cancelText={cancelText}
      onConfirm={onConfirm}
    >
      {text}
    </ConfirmButton>
  );
}
