import type { ReactNode } from 'react';
import { Flex, Form, Input, InputNumber, Select, Slider, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingLabelKey, ZONES, type SettingCode, type SettingKeyDef } from '@roomcast/contract';
import { blockSpace, stripSpaces } from '../access/password-text';
import { keyDef, type FieldChoice, type FieldHint, type FieldOptions } from './settings-form';

interface Props {
  code: SettingCode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The issue under the field, already in the reader's language. */
  error?: string;
  options?: FieldOptions;
  /** The options of an enum key offered now (the contract's `choices` in the box's mode); default: all of them. */
  choices?: readonly string[];
  /** A line under the field that depends on the values (information or advice, not an error). */
  hint?: FieldHint;
  /** The screen's own options for this key now (`FieldOptions.offered`): a select over them. */
  offered?: readonly FieldChoice[];
  /** Before the control's id, when the same key is on the page twice (the About page's product editor over its panel). */
  idPrefix?: string;
}

/** The id of a key's control, so its label names it (`getByLabel`, screen readers). */
const fieldId = (code: SettingCode, name: string) => `${code}-${name}`;

/** Any setting key, drawn from its contract metadata: the widget, the range, the options, the length. */
export function SettingField({
  code,
  name,
  value,
  onChange,
  disabled,
  error,
  options,
  choices,
  hint: advice,
  offered,
  idPrefix = '',
}: Props) {
  const { t } = useTranslation('settings');
  const def = keyDef(code, name);
  const id = `${idPrefix}${fieldId(code, name)}`;
  // The range is said while editing; the reason a field is fixed (help) always.
  const hint = error ?? advice?.text ?? (options?.help ? t(options.help) : disabled ? undefined : rangeHint(def, t));
  return (
    <Form.Item
      label={t(settingLabelKey(code, name))}
      htmlFor={id}
      validateStatus={error ? 'error' : advice?.warning ? 'warning' : undefined}
      help={hint}
      data-testid={`field-${name}`}
    >
      {offered ? (
        <OfferedSelect id={id} def={def} value={value} onChange={onChange} disabled={disabled} offered={offered} />
      ) : (
        <Control
          id={id}
          def={def}
          code={code}
          name={name}
          value={disabled && options?.display ? options.display(value) : value}
          onChange={onChange}
          disabled={disabled}
          slider={options?.widget === 'slider'}
          choices={choices}
        />
      )}
    </Form.Item>
  );
}

function rangeHint(def: SettingKeyDef, t: (key: string, o?: Record<string, unknown>) => string): string | undefined {
  return def.meta.kind === 'int' && !def.readOnly ? t('panel.range', { min: def.meta.min, max: def.meta.max }) : undefined;
}

interface ControlProps {
  id: string;
  def: SettingKeyDef;
  code: SettingCode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  slider?: boolean;
  choices?: readonly string[];
}

function Control({ id, def, code, name, value, onChange, disabled, slider, choices }: ControlProps) {
  const { t } = useTranslation('settings');
  if (def.readOnly || def.meta.kind === 'any')
    return (
      <span id={id} className="rc-setting-readonly">
        {value || '—'}
      </span>
    );
  if (def.secret) {
    const max = def.meta.kind === 'text' ? def.meta.maxLength : undefined;
    // A password (e.g. the lock password): spaces stripped and the space key blocked (spec §5).
    const password = def.meta.kind === 'text' && def.meta.format === 'password';
    return (
      <Input.Password
        id={id}
        value={value}
        maxLength={max}
        disabled={disabled}
        placeholder={t('panel.secretKept')}
        autoComplete="new-password"
        onKeyDown={password ? blockSpace : undefined}
        onChange={(e) => onChange(password ? stripSpaces(e.target.value) : e.target.value)}
      />
    );
  }
  const meta = def.meta;
  switch (meta.kind) {
    case 'bool':
      return <Switch id={id} checked={value === 'true'} disabled={disabled} onChange={(on) => onChange(String(on))} />;
    case 'int': {
      // No clamping in the box: a value out of range stays as typed and the contract's rule says what is wrong.
      const number = (
        <InputNumber
          id={id}
          value={value === '' || Number.isNaN(Number(value)) ? null : Number(value)}
          disabled={disabled}
          precision={0}
          onChange={(v) => onChange(v === null ? '' : String(v))}
          className="rc-setting-number"
        />
      );
      if (!slider) return number;
      return (
        <IntSlider
          meta={meta}
          number={number}
          label={t(settingLabelKey(code, name))}
          value={value}
          disabled={disabled}
          onChange={onChange}
        />
      );
    }
    case 'enum':
    case 'zone': {
      // A zone is one of the contract's zones (UTC-12:00 ... UTC+13:00), searchable as typed.
      const offered = meta.kind === 'zone' ? ZONES : choices?.length ? choices : meta.options;
      return (
        <Select
          id={id}
          value={value}
          disabled={disabled}
          onChange={onChange}
          showSearch={meta.kind === 'zone'}
          // A short list is rendered whole: every option can be reached by pointer and screen reader without scrolling
          // a virtual list (the zones, over a hundred, stay virtual).
          virtual={meta.kind === 'zone'}
          className="rc-setting-select"
          options={offered.map((o) => ({
            value: o,
            label: t(`options.${code}.${name}.${o}`, { defaultValue: o === '' ? t('panel.none') : o }),
          }))}
        />
      );
    }
    case 'time':
    case 'datetime': {
      const format = TEXT_FORMATS[meta.kind];
      return (
        <Input
          id={id}
          value={value}
          disabled={disabled}
          maxLength={format.maxLength}
          placeholder={format.placeholder}
          className={format.className}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
    case 'text': {
      // Several lines kept as typed (a line break is part of the value): PEM certificates, and lists of one item per
      // line (`lines`, e.g. the directory's group map), in the same wide monospace box.
      if (meta.format === 'pem' || meta.format === 'lines')
        return (
          <Input.TextArea
            id={id}
            value={value}
            disabled={disabled}
            maxLength={meta.maxLength}
            autoSize={{ minRows: 4, maxRows: 10 }}
            spellCheck={false}
            className="rc-setting-pem"
            onChange={(e) => onChange(e.target.value)}
          />
        );
      // Spec §5: whitespace is stripped while typing a URL (RTMP, RTSP) or a compact text (OSD text, product fields).
      const typed = meta.format === 'url' || meta.format === 'compact' ? (v: string) => v.replace(/\s+/g, '') : (v: string) => v;
      return (
        <Input id={id} value={value} disabled={disabled} maxLength={meta.maxLength} onChange={(e) => onChange(typed(e.target.value))} />
      );
    }
  }
}

interface OfferedProps {
  id: string;
  def: SettingKeyDef;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  offered: readonly FieldChoice[];
}

/** A select over a screen's own options; a device's is wide (its names are long), a missing one is marked so. */
function OfferedSelect({ id, def, value, onChange, disabled, offered }: OfferedProps) {
  const { t } = useTranslation('settings');
  const wide = def.meta.kind === 'text' && def.meta.format === 'device';
  return (
    <Select
      id={id}
      value={value}
      disabled={disabled}
      onChange={onChange}
      className={wide ? 'rc-setting-select-wide' : 'rc-setting-select'}
      popupMatchSelectWidth={false}
      options={offered.map((o) => ({
        value: o.value,
        title: o.missing ? `${o.label} (${t('panel.missing')})` : o.label,
        label: o.missing ? (
          <span data-missing="true">
            {o.label}{' '}
            <Tag color="orange" className="rc-setting-missing">
              {t('panel.missing')}
            </Tag>
          </span>
        ) : (
          o.label
        ),
      }))}
    />
  );
}

/** Text inputs with a fixed shape: their length and the example a person types after. */
const TEXT_FORMATS = {
  time: { maxLength: 8, placeholder: 'HH:mm:ss', className: 'rc-setting-time' },
  datetime: { maxLength: 23, placeholder: 'YYYY-MM-DD HH:mm:ss', className: undefined },
} as const;

interface SliderProps {
  meta: { min: number; max: number };
  number: ReactNode;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (v: string) => void;
}

/** An int with a slider over its range beside the number box. */
function IntSlider({ meta, number, label, value, disabled, onChange }: SliderProps) {
  const n = Number(value);
  return (
    <Flex gap={16} align="center" className="rc-setting-int">
      <Slider
        className="rc-setting-slider"
        min={meta.min}
        max={meta.max}
        value={Number.isFinite(n) ? Math.min(Math.max(n, meta.min), meta.max) : meta.min}
        disabled={disabled}
        onChange={(v) => onChange(String(v))}
        tooltip={{ open: false }}
        ariaLabelForHandle={label}
      />
      {number}
    </Flex>
  );
}
