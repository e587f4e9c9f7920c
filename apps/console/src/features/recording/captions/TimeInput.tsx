import { useState } from 'react';
import { Input } from 'antd';
import { formatTime, parseTime } from './caption-edit';

interface Props {
  /** Milliseconds of the recording. */
  value: number;
  onChange: (ms: number) => void;
  'aria-label': string;
  /** Said when the typed text is not a time. */
  invalidText: string;
}

/**
 * A cue's start or end as `h:mm:ss.mmm`: typed freely, taken when the box is left or Enter is pressed; a text that
 * is not a time stays in the box, marked, until it is one.
 */
export function TimeInput({ value, onChange, 'aria-label': label, invalidText }: Props) {
  const [draft, setDraft] = useState<string>();
  const parsed = draft === undefined ? value : parseTime(draft);
  const commit = () => {
    if (draft === undefined || parsed === undefined) return;
    if (parsed !== value) onChange(parsed);
    setDraft(undefined);
  };
  return (
    <Input
      className="rc-cue-time"
      size="small"
      value={draft ?? formatTime(value)}
      status={parsed === undefined ? 'error' : undefined}
      aria-invalid={parsed === undefined}
      aria-label={label}
      title={parsed === undefined ? invalidText : undefined}
      autoComplete="off"
      spellCheck={false}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}
