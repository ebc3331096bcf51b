import { selectToken, useAppSelector } from '@marketplace/shared';
import { useGetBagQuery } from './api';
import { bagLineCount } from './bag-rules';

/** The number of lines in the signed-in shopper's bag (0 for a guest), from the one cached bag. */
export const useBagCount = (): number => {
  const signedIn = Boolean(useAppSelector(selectToken));
  const { data } = useGetBagQuery(undefined, { skip: !signedIn });
  return signedIn ? bagLineCount(data) : 0;
};
