import { useState, type ReactNode } from 'react';
import type { FileTextOutlined } from '@ant-design/icons';

interface Props {
  title: string;
  /** The title's icon (an @ant-design/icons component). */
  icon: typeof FileTextOutlined;
  /** Whether the double-click opens the panel (e.g. for an admin only); otherwise the icon is only an icon. */
  enabled: boolean;
  testId: string;
  /** The hidden panel, given how to close it. */
  panel: (close: () => void) => ReactNode;
}

/**
 * A screen's title whose icon opens a hidden panel on a double-click (spec §2: the log screen's debug mode, the About
 * page's product editor). The panel itself asks for what it needs; the service enforces it either way.
 */
export function HiddenPanelTitle({ title, icon: Icon, enabled, testId, panel }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Icon
        aria-hidden
        style={{ marginInlineEnd: 8 }}
        data-testid={testId}
        // A double click would also select the title's first word.
        onMouseDown={(e) => e.detail > 1 && e.preventDefault()}
        onDoubleClick={() => enabled && setOpen(true)}
      />
      {title}
      {open && panel(() => setOpen(false))}
    </>
  );
}
