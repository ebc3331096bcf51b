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
