/**
 * The one rule for deleted service requests: a request whose deleted_at is set is gone from every screen. No list,
 * detail page, clock or total shows it, and the people whose time a screen reads are found through the requests that
 * are not deleted, as the server's answers do (the vehicle's services, the servicing companies). A deletion is kept
 * as a mark rather than a removed row only so that it syncs. `alias` is the request table's alias in the query.
 */
export const requestNotDeleted = (alias: string) => `${alias}.deleted_at IS NULL`;
