import { Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FunctionKey } from '@roomcast/contract';
import { FUNCTION_TREE, canTick, normalizeFunctions, toggleFunction } from './function-tree';

interface Props {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  id?: string;
}

const LEAVES = FUNCTION_TREE.filter((node) => node.subs.length === 0);
const PARENTS = FUNCTION_TREE.filter((node) => node.subs.length > 0);

/**
 * The function checkboxes of users and groups (a form control: value/onChange). A sub-function can be
 * ticked only while its parent is ticked; unticking the parent unticks its sub-functions.
 */
export function FunctionTree({ value, onChange, disabled, id }: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'groups' });
  const ticked = normalizeFunctions(value);
  const box = (key: FunctionKey) => (
    <Checkbox
      key={key}
      checked={ticked.includes(key)}
      disabled={disabled || !canTick(ticked, key)}
      onChange={(e) => onChange?.(toggleFunction(ticked, key, e.target.checked))}
    >
      {t(`functions.${key}`)}
    </Checkbox>
  );
  return (
    <Flex
      id={id}
      vertical
      gap={10}
      role="group"
      aria-label={t('functionsLabel')}
      style={{ border: '1px solid rgba(5,5,5,0.06)', borderRadius: 8, padding: '10px 12px' }}
    >
      <Flex wrap gap="6px 0">
        {LEAVES.map((node) => box(node.key))}
      </Flex>
      {PARENTS.map((node) => (
        <Flex key={node.key} gap={8} align="flex-start" style={{ borderTop: '1px dashed rgba(5,5,5,0.08)', paddingTop: 10 }}>
          <div style={{ flex: '0 0 150px' }}>{box(node.key)}</div>
          <Flex wrap gap="6px 0" style={{ flex: 1 }} aria-label={t(`functions.${node.key}`)}>
            {node.subs.map((sub) => box(sub))}
          </Flex>
        </Flex>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('functionsHint')}
      </Typography.Text>
    </Flex>
  );
}
