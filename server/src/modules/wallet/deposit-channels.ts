import type { NewChannel } from './wallet.repository';

/**
 * Channels a fresh install starts with: test networks and a test bank, so nothing real is ever
 * paid to them. Operators replace them (`npm run ops -- channel-add …`, `channel-off <id>`).
 * Patterns are the address formats of each network; an address of another network is refused.
 */
export const DEFAULT_DEPOSIT_CHANNELS: NewChannel[] = [
  {
    method: 'onChain',
    name: 'USDT-TRC20 (Nile testnet)',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    detail: 'USDT',
    addressPattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    minAmountCents: 1_000,
    withdrawable: true,
    sort: 1,
  },
  {
    method: 'onChain',
    name: 'USDT-ERC20 (Sepolia testnet)',
    address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    detail: 'USDT',
    addressPattern: '^0x[0-9a-fA-F]{40}$',
    minAmountCents: 2_000,
    withdrawable: true,
    sort: 2,
  },
  {
    method: 'onChain',
    name: 'BTC (testnet)',
    address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    detail: 'BTC',
    addressPattern: '^(tb1[02-9ac-hj-np-z]{11,71}|[mn2][1-9A-HJ-NP-Za-km-z]{25,34})$',
    minAmountCents: 1_000,
    withdrawable: true,
    sort: 3,
  },
  {
    method: 'bank',
    name: 'Marketplace Test Bank',
    address: '6222 0000 1234 5678 901',
    detail: 'Marketplace Ltd. (test account)',
    minAmountCents: 100,
    sort: 10,
  },
  {
    method: 'manual',
    name: 'Other payment with receipt',
    address: 'payments@marketplace.test',
    detail: 'Send the receipt of any transfer to this payee',
    minAmountCents: 100,
    sort: 20,
  },
];
