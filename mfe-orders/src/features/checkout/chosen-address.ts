import { selectBackData, useAppSelector } from '@marketplace/shared';

/**
 * Key under which the account remote's `/address?select=1` hands the chosen address id back in
 * the session's backData; the same string lives on that side (remotes share no code but `shared`).
 */
const CHOSEN_ADDRESS_KEY = 'chosenAddressId';

/** The address picked on `/address?select=1`, if any. */
export const useChosenAddressId = (): number | undefined => {
  const value = useAppSelector(selectBackData)[CHOSEN_ADDRESS_KEY];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
};
