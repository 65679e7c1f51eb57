/**
 * The key of a link to a seller (`Order.seller`): none when the record names no seller. The seller reads
 * themselves are declared in schema/sellers.ts.
 */
export const sellerLink = (username: string | null) => (username ? { username } : null);
