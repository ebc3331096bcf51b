/** Hooks the shell registers so the base query can steer the app without importing it. */
type Navigator = (path: string) => void;
type VerificationHandler = () => void;

let navigate: Navigator = (path) => window.location.assign(path);
const verificationHandlers = new Set<VerificationHandler>();

export const setNavigator = (fn: Navigator): void => {
  navigate = fn;
};

export const navigateTo = (path: string): void => navigate(path);

/** Called when the server answers 428 (human verification required). Returns an unsubscribe. */
export const onVerificationRequired = (fn: VerificationHandler): (() => void) => {
  verificationHandlers.add(fn);
  return () => {
    verificationHandlers.delete(fn);
  };
};

export const notifyVerificationRequired = (): void => {
  verificationHandlers.forEach((fn) => fn());
};

/** The network as the app last met it: `false` after a network error, `true` after any answer. */
type NetworkListener = (reachable: boolean) => void;
const networkListeners = new Set<NetworkListener>();

export const onNetworkReport = (fn: NetworkListener): (() => void) => {
  networkListeners.add(fn);
  return () => {
    networkListeners.delete(fn);
  };
};

export const reportNetwork = (reachable: boolean): void => {
  networkListeners.forEach((fn) => fn(reachable));
};

/** The browser says it has no connection (`navigator.onLine`); an unknown state counts as online. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Called when an action that needs the server was refused because the device is offline. */
const connectionRequiredHandlers = new Set<() => void>();

export const onConnectionRequired = (fn: () => void): (() => void) => {
  connectionRequiredHandlers.add(fn);
  return () => {
    connectionRequiredHandlers.delete(fn);
  };
};

export const notifyConnectionRequired = (): void => {
  connectionRequiredHandlers.forEach((fn) => fn());
};

/** Called when the server answered 401 to a call made with a token outside the base query (uploads). */
const unauthorizedHandlers = new Set<() => void>();

export const onUnauthorized = (fn: () => void): (() => void) => {
  unauthorizedHandlers.add(fn);
  return () => {
    unauthorizedHandlers.delete(fn);
  };
};

export const notifyUnauthorized = (): void => {
  unauthorizedHandlers.forEach((fn) => fn());
};
