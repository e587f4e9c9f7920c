import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { HealthState } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';

/** Preset tag colours whose text passes AA on their background (app/theme.ts darkens green and orange). */
const COLOR: Record<HealthState, string> = { ok: 'green', warning: 'orange', error: 'red' };
/** Each state has its own icon, so the tag is told apart without its colour. */
const ICON: Record<HealthState, ReactNode> = {
  ok: <CheckCircleOutlined aria-hidden />,
  warning: <ExclamationCircleOutlined aria-hidden />,
  error: <CloseCircleOutlined aria-hidden />,
};

/** A health state as a coloured tag with an icon and its name (or `children` in place of the name). */
export function HealthStateTag({ state, children, className }: { state: HealthState; children?: ReactNode; className?: string }) {
  const { t } = useTranslation('health');
  return (
    <Tag color={COLOR[state]} icon={ICON[state]} className={className} data-state={state}>
      {children ?? t(`states.${state}`)}
    </Tag>
  );
}
