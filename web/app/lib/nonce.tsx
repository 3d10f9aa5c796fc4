import { createContext, useContext } from 'react';

/** The CSP nonce of this response; browsers hide it after load, so the client side gets ''. */
export const NonceContext = createContext('');
export const useNonce = () => useContext(NonceContext);
