import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';

/** The add action above a list: the primary button with a plus. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}

/** Reloads a list's query, spinning while it does. */
export function RefreshButton({ query, children }: { query: { refetch: () => unknown; isRefetching: boolean }; children: ReactNode }) {
  return (
    <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isRefetching}>
      {children}
    </Button>
  );
}
