import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '../api/api';
import { sessionPersistence } from './session-persistence';
import { sessionSlice, type SessionState } from './session-slice';

/** The one store. Only the shell calls this; remotes reach the store through react-redux. */
export const createAppStore = (preloadedSession?: SessionState) =>
  configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware, sessionPersistence),
    preloadedState: preloadedSession ? { session: preloadedSession } : undefined,
  });

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
