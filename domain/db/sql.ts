/**
 * A PostgreSQL array literal for one `?::text[]` or `?::uuid[]` parameter: the driver would spread a
 * JS array into a list of parameters. Quotes and backslashes are escaped, so any text is safe.
 */
export const arrayLiteral = (values: readonly string[]): string =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
