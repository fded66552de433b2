/** The shipping step's radio value for "a new address" beside the saved addresses' ids. */
export const NEW_ADDRESS = "new";

/** The shipping step's fields a saved address fills; hidden while one is chosen. */
export const SAVED_ADDRESS_FIELDS: readonly string[] = ["name", "mobile", "address", "postalCode"];
