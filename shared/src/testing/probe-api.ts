import { act } from '@testing-library/react';
import { api, ENDPOINTS_DEFINED_ONCE } from '../api/api';
import type { ApiArgs } from '../api/base-query';
import { createAppStore } from '../session/store';

/** An endpoint that sends whatever request a test describes, through the real base query and store. */
const probeApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    sendProbe: build.mutation<unknown, ApiArgs>({ query: (args) => args }),
  }),
});

/** Toasts render React trees, so the call runs inside act() as a user's click would. */
export const sendProbe = async (store: ReturnType<typeof createAppStore>, args: ApiArgs) => {
  let outcome: Awaited<ReturnType<ReturnType<typeof probeApi.endpoints.sendProbe.initiate>>> | undefined;
  await act(async () => {
    outcome = await store.dispatch(probeApi.endpoints.sendProbe.initiate(args));
  });
  if (!outcome) throw new Error('the probe call did not settle');
  return outcome;
};
