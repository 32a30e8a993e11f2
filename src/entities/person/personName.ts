/**
 * SQL for a person's name, given the SQL of their user id. The name comes from their user row when the device holds
 * it (only the signed-in person's own), else from a company link's user_name (colleagues, filled by the server); null
 * when the device knows neither (a vehicle owner looking at shop staff). The subqueries' aliases are their own
 * (name_user, name_link) so that they never shadow a caller's alias: `e.user_id` compared inside a subquery aliased
 * `e` would match every row.
 */
export const personNameSql = (userIdColumn: string) => `COALESCE(
  (SELECT name_user.display_name FROM users name_user WHERE name_user.id = ${userIdColumn} AND name_user.display_name <> ''),
  (SELECT name_link.user_name FROM company_employees name_link
    WHERE name_link.user_id = ${userIdColumn} AND name_link.user_name <> '' LIMIT 1))`;
