import { api, withMsg, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { ServiceChannel, ServiceMessage, ServiceMessageBody } from '@marketplace/shared/contracts';

const THREAD = { type: 'User' as const, id: 'SERVICE_THREAD' };

/** The conversation with customer service and the external channels. */
const serviceApi = api.injectEndpoints({
  endpoints: (build) => ({
    listServiceMessages: build.query<ServiceMessage[], void>({
      query: () => '/user/service_messages',
      providesTags: [THREAD],
    }),
    sendServiceMessage: build.mutation<{ data: ServiceMessage; msg: string }, ServiceMessageBody>({
      query: (body) => ({ url: '/user/service_message', method: 'POST', body }),
      transformResponse: withMsg<ServiceMessage>,
      invalidatesTags: [THREAD],
    }),
    listServiceChannels: build.query<ServiceChannel[], void>({
      query: () => '/user/service_channels',
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const { useListServiceMessagesQuery, useSendServiceMessageMutation, useListServiceChannelsQuery } = serviceApi;
