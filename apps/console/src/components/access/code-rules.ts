import { ACCOUNT_FIELDS, CALLS } from '@roomcast/contract';
import { maxLengthOf } from '../form-rules';

/**
 * The contract's rules for user and group codes and names: the fields of the newuser / newusergroup request
 * schemas, the ones the service validates with. The forms check them with `schemaRule` and cap their inputs
 * at the schema's length.
 */
export const USERCODE = ACCOUNT_FIELDS.usercode;
export const GROUPCODE = ACCOUNT_FIELDS.groupcode;
export const GROUPNAME = CALLS.newusergroup.request.shape.groupname;

export const USERCODE_MAX = maxLengthOf(USERCODE);
export const GROUPCODE_MAX = maxLengthOf(GROUPCODE);
export const GROUPNAME_MAX = maxLengthOf(GROUPNAME);
