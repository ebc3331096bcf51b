import { useGetSandboxStatusQuery } from '../api';

/** `localStorage.setItem('marketplace:diagnostics', 'on')` on a phone shows the Diagnostics row there. */
const DIAGNOSTICS_SETTING = 'marketplace:diagnostics';

const settingOn = () => {
  try {
    return localStorage.getItem(DIAGNOSTICS_SETTING) === 'on';
  } catch {
    return false;
  }
};

/**
 * Settings lists Diagnostics (which build of each area runs) only for support and release work: where
 * the setting is on, or on a sandbox deployment. `/diagnostics` itself stays reachable by its address.
 */
export const useDiagnosticsVisible = (): boolean => {
  const setting = settingOn();
  const { data: sandbox = false } = useGetSandboxStatusQuery(undefined, { skip: setting });
  return setting || sandbox;
};
