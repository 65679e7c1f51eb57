/**
 * The key of a link to a user (`Order.buyer`, `Review.reviewer`): none when the record names no user. The
 * user reads themselves are declared in schema/users.ts.
 */
export const userLink = (username: string | null) => (username ? { username } : null);
