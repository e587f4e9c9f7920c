import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../../api/hooks';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../../../app/i18n';
import { tMessage } from '../../../app/messages';
import { useWebConfig } from '../../../app/webconfig';
import { ProductMark } from '../../../components/ProductMark';
import { ConfirmDialog } from './ConfirmDialog';
import { Icon } from './icons';
import { useLoginFlow, type Credentials } from './use-login-flow';
import './login.css';

type Field = keyof Credentials;
const EMPTY: Credentials = { usercode: '', password: '' };

/** The text key of a field's problem, checked on every change and on submit (a user code of blanks is none). */
function problem(field: Field, value: string): string | undefined {
  if (field === 'usercode') return value.trim() === '' ? 'usercodeRequired' : undefined;
  return value === '' ? 'passwordRequired' : undefined;
}

/** Two Chinese characters on a button get a space between them, as antd's buttons in the console do. */
function buttonText(text: string): string {
  return /^[\u4e00-\u9fa5]{2}$/.test(text) ? text.split('').join(' ') : text;
}

/**
 * /login: room name, user code and password, Reset and Submit; Enter submits; an error line (spec §2).
 * Plain HTML and CSS, no antd: this is the page every visit starts on, so it loads only what it needs.
 */
export default function LoginPage() {
  const { t } = useTranslation('access', { keyPrefix: 'login' });
  const config = useWebConfig();
  const room = useCallQuery('roominfo', {}, { silent: true });
  const { submit, error, busy, forceQuestion, clearError } = useLoginFlow();
  const [values, setValues] = useState<Credentials>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [showPassword, setShowPassword] = useState(false);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: problem(field, value) }));
    clearError();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = { usercode: problem('usercode', values.usercode), password: problem('password', values.password) };
    setProblems(found);
    if (!found.usercode && !found.password) void submit(values);
  };
  const reset = () => {
    setValues(EMPTY);
    setProblems({});
    clearError();
  };
  const fieldState = (field: Field) => ({
    label: t(field),
    value: values[field],
    problem: problems[field] && t(problems[field]),
    disabled: busy,
    onChange: (value: string) => change(field, value),
  });

  return (
    <main className="rc-login">
      <div className="rc-login-language">
        <Icon name="globe" />
        <select
          aria-label={t('common:language')}
          value={currentLanguage()}
          onChange={(e) => void changeLanguage(e.target.value as Language)}
          data-testid="login-language"
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`common:languages.${code}`)}
            </option>
          ))}
        </select>
        <Icon name="down" className="rc-caret" />
      </div>
      <div className="rc-login-card">
        {config.login.showimage && config.login.image && <img className="rc-login-image" src={config.login.image} alt="" />}
        <div className="rc-login-product">
          <ProductMark size={22} />
          <span>{config.site.title || t('product')}</span>
        </div>
        <h1 className="rc-login-room" data-testid="room-name">
          {room.data?.roomname || t('title')}
        </h1>
        <form onSubmit={onSubmit} noValidate>
          <TextField field="usercode" icon="user" type="text" autoComplete="username" autoFocus {...fieldState('usercode')} />
          <TextField
            field="password"
            icon="lock"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            {...fieldState('password')}
          >
            <button
              type="button"
              className="rc-input-toggle"
              tabIndex={-1}
              aria-label={t(showPassword ? 'hidePassword' : 'showPassword')}
              onClick={() => setShowPassword((s) => !s)}
              disabled={busy}
            >
              <Icon name={showPassword ? 'eye' : 'eyeInvisible'} />
            </button>
          </TextField>
          <div className="rc-login-error" role="alert" aria-live="polite" data-testid="login-error">
            {error}
          </div>
          <div className="rc-login-buttons">
            <button type="button" className="rc-button rc-button-lg" onClick={reset}>
              {buttonText(t('reset'))}
            </button>
            <button type="submit" className="rc-button rc-button-lg rc-button-primary" disabled={busy}>
              {busy && <span className="rc-button-spinner" aria-hidden />}
              {buttonText(t('submit'))}
            </button>
          </div>
        </form>
      </div>
      {forceQuestion && (
        <ConfirmDialog
          title={t('forceTitle')}
          text={tMessage('confirmForceLogout', forceQuestion.usercode)}
          okText={t('forceOk')}
          cancelText={t('cancel')}
          onAnswer={forceQuestion.answer}
        />
      )}
    </main>
  );
}

interface TextFieldProps {
  field: Field;
  label: string;
  icon: 'user' | 'lock';
  type: string;
  autoComplete: string;
  autoFocus?: boolean;
  value: string;
  /** The text under the input when the value will not do. */
  problem: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  /** Inside the input's frame, after it (the password's show/hide button). */
  children?: ReactNode;
}

/**
 * Label, framed input with its icon, and the line for its problem. The ids (`usercode`, `password`) are what
 * the bench and the browser tests look for.
 */
function TextField({ field, label, icon, type, autoComplete, autoFocus, value, problem, disabled, onChange, children }: TextFieldProps) {
  const help = `${field}_help`;
  return (
    <div className="rc-field">
      <label className="rc-field-label" htmlFor={field}>
        {label}
      </label>
      <div className={`rc-input${problem ? ' rc-input-invalid' : ''}${disabled ? ' rc-input-disabled' : ''}`}>
        <Icon name={icon} />
        <input
          id={field}
          name={field}
          type={type}
          autoComplete={autoComplete}
          // biome-ignore lint/a11y/noAutofocus: the login page is one form; its first field takes the focus, as people expect
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? help : undefined}
        />
        {children}
      </div>
      <div className="rc-field-help" id={help}>
        {problem}
      </div>
    </div>
  );
}
