const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path or header value can be an id at all (anything else is answered 404 without a query). */
export const isUuid = (value: string): boolean => UUID.test(value);
