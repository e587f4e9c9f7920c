import type { ReactNode } from 'react';
import { Flex, Radio, Typography } from 'antd';

interface Props {
  /** The id of its heading, which names the group for assistive technology. */
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  options: { value: number; label: ReactNode }[];
}

/** A row of pictured choices under a heading: the layout modal's slot picker and its type picker. */
export function LayoutChoices({ id, label, value, onChange, options }: Props) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong id={id}>
        {label}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={id}
        value={value}
        onChange={(e) => onChange(e.target.value as number)}
        optionType="button"
        className="rc-layout-choices"
        options={options}
      />
    </Flex>
  );
}
