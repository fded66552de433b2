import { createContext, useContext } from "react";

/** The response's CSP nonce while rendering on the server; browsers hide nonces, so on the client it is "". */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
