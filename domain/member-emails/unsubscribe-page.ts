/** Where an unsubscribe link leads: the page that asks to confirm, which posts back to the same address. */
export const UNSUBSCRIBE_PATH = "/email/unsubscribe";

/** The field the unsubscribe page's own button sends, to be shown the page again; a mail client's one-click post has none. */
export const FROM_PAGE = { name: "from", value: "page" } as const;
