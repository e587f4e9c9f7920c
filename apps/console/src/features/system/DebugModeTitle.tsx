import { useState } from 'react';
import { FileTextOutlined } from '@ant-design/icons';
import { DebugModeModal } from './DebugModeModal';

/**
 * The log screen's title with its icon. Double-clicking the icon opens the hidden debug mode for an admin (the
 * spec's hidden panels open the same way); for anyone else it is only an icon, and the service refuses getSysLog
 * to anyone but an admin anyway.
 */
export function DebugModeTitle({ title, admin }: { title: string; admin: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <FileTextOutlined
        aria-hidden
        style={{ marginInlineEnd: 8 }}
        data-testid="log-title-icon"
        // A double click would also select the title's first word.
        onMouseDown={(e) => e.detail > 1 && e.preventDefault()}
        onDoubleClick={() => admin && setOpen(true)}
      />
      {title}
      {open && <DebugModeModal onClose={() => setOpen(false)} />}
    </>
  );
}
