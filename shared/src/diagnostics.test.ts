import * as React from 'react';
import { registerReactCopy } from './diagnostics';

describe('registerReactCopy', () => {
  beforeEach(() => {
    delete window.__MARKETPLACE__;
  });

  it('records each owner with the React object it uses, so tests can count copies', () => {
    registerReactCopy(React, 'shell');
    registerReactCopy(React, 'mfe_account');
    const copies = window.__MARKETPLACE__?.reactCopies ?? [];
    expect(copies.map((copy) => copy.owner)).toEqual(['shell', 'mfe_account']);
    expect(new Set(copies.map((copy) => copy.react)).size).toBe(1);
    expect([...(window.__MARKETPLACE__?.reactVersions ?? [])]).toEqual([React.version]);
  });

  it('keeps what the shell already put on window.__MARKETPLACE__', () => {
    const store = { getState: () => ({}) };
    window.__MARKETPLACE__ = { store, reactVersions: new Set() };
    registerReactCopy(React, 'mfe_wallet');
    expect(window.__MARKETPLACE__.store).toBe(store);
    expect(window.__MARKETPLACE__.reactCopies).toHaveLength(1);
  });
});
