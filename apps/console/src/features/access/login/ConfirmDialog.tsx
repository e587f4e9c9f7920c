import { useEffect, useId, useRef } from 'react';
import { Icon } from './icons';

interface Props {
  title: string;
  text: string;
  okText: string;
  cancelText: string;
  /** OK: true; Cancel or Escape: false. */
  onAnswer: (ok: boolean) => void;
}

/**
 * A modal question with OK and Cancel, drawn like antd's confirm (login.css). A native <dialog>: the page
 * behind is inert, focus stays inside, Escape cancels. Shown while mounted.
 */
export function ConfirmDialog({ title, text, okText, cancelText, onAnswer }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    ok.current?.focus();
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="rc-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <div className="rc-dialog-body">
        <Icon name="warning" className="rc-dialog-icon" />
        <div>
          <h2 className="rc-dialog-title" id={`${id}-title`}>
            {title}
          </h2>
          <p className="rc-dialog-text" id={`${id}-text`}>
            {text}
          </p>
        </div>
      </div>
      <div className="rc-dialog-buttons">
        <button type="button" className="rc-button" onClick={() => onAnswer(false)}>
          {cancelText}
        </button>
        <button type="button" className="rc-button rc-button-primary" ref={ok} onClick={() => onAnswer(true)} data-testid="dialog-ok">
          {okText}
        </button>
      </div>
    </dialog>
  );
}
