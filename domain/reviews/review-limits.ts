/** How long a review's title and words may be; the form shows them, the input schema holds them. */
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_BODY_MIN = 20;
/** How many photos a review may carry. */
export const REVIEW_PHOTOS_MAX = 3;
