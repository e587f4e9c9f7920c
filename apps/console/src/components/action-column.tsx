import type { ReactNode } from 'react';
import { Button, Space, type TableColumnType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { RemoveButton } from './RemoveButton';

export interface ActionColumnOptions<T> {
  /** The column's title ("Operation"). */
  title: ReactNode;
  width?: number;
  /** Button texts: Edit, Remove (or Delete), and the confirmation's Cancel. */
  editText: string;
  removeText: string;
  cancelText: string;
  /** The confirmation question for one row. */
  confirm: (row: T) => ReactNode;
  /** What names the row (its code or name): the buttons' accessible names say which row they act on. */
  rowName: (row: T) => string;
  onEdit: (row: T) => void;
  /** Runs once the removal is confirmed; while it is pending the button spins, a failure is shown. */
  onRemove: (row: T) => Promise<unknown>;
  /** Rows that may not be removed show Edit only (the admin account). */
  canRemove?: (row: T) => boolean;
}

/**
 * The Edit / Remove column of the console's tables: link buttons, Remove asks first (spec §5 Confirmations).
 * Each button's accessible name is its text followed by the row's name ("Edit teacher01"), so a screen reader
 * user hears which row a button belongs to; the visible text starts the name (WCAG 2.5.3).
 */
export function actionColumn<T>(o: ActionColumnOptions<T>): TableColumnType<T> {
  return {
    title: o.title,
    key: 'operation',
    width: o.width ?? 200,
    render: (_: unknown, row: T) => {
      const name = o.rowName(row);
      return (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            autoInsertSpace={false}
            aria-label={`${o.editText} ${name}`}
            onClick={() => o.onEdit(row)}
          >
            {o.editText}
          </Button>
          {(o.canRemove?.(row) ?? true) && (
            <RemoveButton
              text={o.removeText}
              rowName={name}
              confirm={o.confirm(row)}
              cancelText={o.cancelText}
              onConfirm={() => o.onRemove(row)}
            />
          )}
        </Space>
      );
    },
  };
}
