/**
 * Session backData key under which `/address?select=1` hands the chosen address id back to the
 * checkout screen (another remote reads the same key; it is part of the route's contract).
 */
export const CHOSEN_ADDRESS_KEY = 'chosenAddressId';
