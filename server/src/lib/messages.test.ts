import { createTranslator, hasMessage, translator } from './messages';

describe('server messages', () => {
  const translate = createTranslator(
    new Map([
      ['en', { cart: { items_one: '{{count}} item', items_other: '{{count}} items' }, hi: 'Hello {{name}}' }],
      [
        'cr',
        { cart: { items_one: '{{count}} položka', items_few: '{{count}} položky', items_other: '{{count}} položek' } },
      ],
      ['ar', { cart: { items_zero: 'لا عناصر', items_two: 'عنصران', items_other: '{{count}} عنصر' } }],
      ['jp', { cart: { items_other: '{{count}} 点' } }],
    ]),
  );

  it('picks plural forms by the language (cr → Czech, jp → Japanese), English as fallback', () => {
    expect(translate('cr')('cart.items', { count: 2 })).toBe('2 položky');
    expect(translate('cr')('cart.items', { count: 5 })).toBe('5 položek');
    expect(translate('ar')('cart.items', { count: 0 })).toBe('لا عناصر');
    expect(translate('ar')('cart.items', { count: 2 })).toBe('عنصران');
    expect(translate('ar')('cart.items', { count: 11 })).toBe('11 عنصر');
    expect(translate('jp')('cart.items', { count: 1 })).toBe('1 点');
    expect(translate('en')('cart.items', { count: 1 })).toBe('1 item');
    expect(translate('jp')('hi', { name: 'Ann' })).toBe('Hello Ann');
    expect(translate('xx')('missing.key')).toBe('missing.key');
  });

  it('reads the shared catalogue files', () => {
    expect(translator('en')('err.accountPasswordRequired')).toBe('Please input account and password');
    expect(translator('zh-cn')('err.invalidField', { field: 'id' })).toContain('id');
    expect(translator(undefined)('err.notFound')).toBe('Not found');
    expect(hasMessage('err.notFound')).toBe(true);
    expect(hasMessage('err.noSuchKey')).toBe(false);
  });
});
