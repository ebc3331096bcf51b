import { addRemoteNamespace as addNamespace, type RemoteModule } from '@marketplace/shared';
import { DEFAULT_LANGUAGE } from '@marketplace/shared/contracts/core';
import i18next from 'i18next';

/** Namespaces of the remotes loaded so far, so a language change can reload each of them. */
const loaders = new Map<string, RemoteModule['loadMessages']>();

/** A remote's screens render only after its texts are in place, so no raw key flashes. */
export const addRemoteNamespace = async ({ namespace, loadMessages }: RemoteModule): Promise<void> => {
  loaders.set(namespace, loadMessages);
  await addNamespace(i18next, namespace, loadMessages, i18next.language || DEFAULT_LANGUAGE);
};

export const loadRemoteNamespaces = async (lang: string): Promise<void> => {
  await Promise.all([...loaders].map(([namespace, load]) => addNamespace(i18next, namespace, load, lang)));
};
