import { referenceLink } from './reference-link';

describe('referenceLink', () => {
  it.each([
    ['order:7', '/orderInfo/7', 'fund.links.order'],
    ['recharge:2', '/topUpRecord', 'records.rechargeNo'],
    ['withdrawal:3', '/depositRecord', 'records.withdrawalNo'],
    ['vip:1', '/vip', 'fund.links.vip'],
  ])('"%s" leads to %s', (reference, to, labelKey) => {
    expect(referenceLink(reference)).toEqual({ to, labelKey });
  });

  it.each([[null], [''], ['order:'], ['order:7x'], ['shop:3'], ['M1']])('%p is no link', (reference) => {
    expect(referenceLink(reference)).toBeNull();
  });
});
