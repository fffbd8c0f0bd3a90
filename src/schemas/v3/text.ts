// Text rules shared by the /v3 schemas.

/**
 * No C0 control character nor DEL: PostgreSQL text refuses NUL outright (a 500 if it
 * reached a query), and the others have no business in names, ids or destinations.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
