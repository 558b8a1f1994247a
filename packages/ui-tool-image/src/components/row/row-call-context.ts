import { createContext } from 'react';

/**
 * The call whose row a subtree is in (`ToolRow` provides it): a gallery in a card knows whose
 * images it shows without every card passing it down. `undefined` outside any row (a message).
 */
export const RowCallContext = createContext<string | undefined>(undefined);
