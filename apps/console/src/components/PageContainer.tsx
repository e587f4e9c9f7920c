import type { ReactNode } from 'react';
import { Card } from 'antd';

interface Props {
  title: ReactNode;
  /** Actions at the right of the title (Refresh, Add, ...). */
  extra?: ReactNode;
  children: ReactNode;
}

/** The frame of every console screen: one titled card, so all screens share one visual language. */
export function PageContainer({ title, extra, children }: Props) {
  return (
    <Card className="rc-page" title={<h1 className="rc-page-title">{title}</h1>} extra={extra}>
      {children}
    </Card>
  );
}
