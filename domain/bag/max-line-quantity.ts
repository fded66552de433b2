/** The most boxes of one item a bag line holds. Kept apart from the input schemas, so pages can show it without them. */
export const MAX_LINE_QUANTITY = 99;
