import { ADMIN_USERCODE, type CallData, type CallRequest, type Role } from '@roomcast/contract';
import { normalizeFunctions } from '../../../components/access/function-tree';
import { newPasswordProblem, stripSpaces, type PasswordProblem } from '../../../components/access/password-text';

export type User = CallData<'listuser'>[number];
export type UserMode = 'new' | 'edit';

/** The account the service creates at first start; it cannot be removed or lose the admin role. */
export { ADMIN_USERCODE };

export interface UserFormValues {
  usercode: string;
  username: string;
  password?: string;
  confirm?: string;
  role?: Role;
  group?: string;
  functions?: string[];
  /** Groups whose recordings this user may see ("Access group recordings"). */
  access?: string[];
}

/** Spaces are stripped while typing in user code, name, password and confirmation (spec §5). */
export { stripSpaces };

export type { PasswordProblem };

/** Password rules: required on a new user, optional on edit; when typed, long enough and confirmed. */
export function passwordProblem(password: string | undefined, confirm: string | undefined, mode: UserMode): PasswordProblem | undefined {
  return newPasswordProblem(password, confirm, mode === 'new');
}

export function isAdminAccount(usercode: string | undefined): boolean {
  return usercode === ADMIN_USERCODE;
}

/** A user of the campus directory (`setting_ldap`): its name, password and group are the directory's, set at each login. */
export function isDirectoryUser(user: Pick<User, 'source'> | undefined): boolean {
  return user?.source === 'ldap';
}

/** Roles the person at the console may give: only an admin may make an admin (spec §5 / contract). */
export function selectableRoles(actorRole: Role | undefined): Role[] {
  return actorRole === 'admin' ? ['admin', 'user'] : ['user'];
}

export function formValuesOf(user: User | undefined): UserFormValues {
  if (!user) return { usercode: '', username: '', password: '', confirm: '', role: 'user', group: '', functions: [], access: [] };
  return {
    usercode: user.usercode,
    username: user.username,
    password: '',
    confirm: '',
    role: user.role as Role,
    group: user.group,
    functions: normalizeFunctions(user.functions),
    access: [],
  };
}

/**
 * The newuser/updateuser body. On edit the password goes only when typed. The admin account keeps role
 * admin. Group and functions belong to role user only (an admin has every function).
 */
export function userBody(values: UserFormValues, mode: 'new'): CallRequest<'newuser'>;
export function userBody(values: UserFormValues, mode: 'edit'): CallRequest<'updateuser'>;
export function userBody(values: UserFormValues, mode: UserMode): CallRequest<'newuser'> | CallRequest<'updateuser'> {
  const usercode = stripSpaces(values.usercode);
  const role: Role = isAdminAccount(usercode) ? 'admin' : (values.role ?? 'user');
  const isUser = role === 'user';
  const body = {
    usercode,
    username: stripSpaces(values.username),
    role,
    group: isUser ? (values.group ?? '') : '',
    functions: isUser ? normalizeFunctions(values.functions) : [],
  };
  const password = stripSpaces(values.password);
  if (mode === 'new') return { ...body, password };
  return password ? { ...body, password } : body;
}

/**
 * The updateuser body of a directory user: the role and functions as edited, the name and group as stored (the
 * service refuses a change to them, even to an admin role's empty group), and never a password.
 */
export function directoryUserBody(values: UserFormValues, user: User): CallRequest<'updateuser'> {
  const body = userBody({ ...values, username: user.username, password: '' }, 'edit');
  return { ...body, group: user.group };
}

/** The filter box matches user code or user name, ignoring case. */
export function filterUsers<T extends Pick<User, 'usercode' | 'username'>>(users: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((u) => u.usercode.toLowerCase().includes(needle) || u.username.toLowerCase().includes(needle));
}
