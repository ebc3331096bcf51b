import { api, withMsg, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { ComplaintBody } from '@marketplace/shared/contracts';

const complaintApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitComplaint: build.mutation<{ data: unknown; msg: string }, ComplaintBody>({
      query: (body) => ({ url: '/merchant/complaint', method: 'POST', body }),
      transformResponse: withMsg<unknown>,
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const { useSubmitComplaintMutation } = complaintApi;
