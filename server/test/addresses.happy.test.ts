jest.setTimeout(180_000);

import type { Address } from '@marketplace/shared/contracts';
import { call, type TestApp } from './harness';
import { appForFile, type Shopper } from './kit';

let t: TestApp;
let ana: Shopper;
appForFile((opened) => ([t, ana] = opened), 'ana');

const valid = {
  addressee: 'Ana Lima',
  mobilePhone: '+351 912 345 678',
  area: 'Lisbon',
  detailedAddress: 'Rua Augusta 1',
  tag: 'home',
};
const add = (payload: object) =>
  call<Address>(t.app, { method: 'POST', url: '/api/user/address_add', headers: ana.headers, payload });
const list = async () =>
  (await call<Address[]>(t.app, { method: 'GET', url: '/api/user/address_list', headers: ana.headers })).data;

describe('addresses', () => {
  it.each([
    [{ addressee: '' }, 'Please fill in the addressee'],
    [{ mobilePhone: 'abc' }, 'Please fill correct mobile phone number'],
    [{ area: ' ' }, 'Please fill in the area'],
    [{ detailedAddress: '' }, 'Please fill in the detailed address'],
    [{ tag: '' }, 'Please fill in the tag'],
    [{ tag: undefined }, 'Please fill in the tag'],
  ])('refuses %o with "%s"', async (change, msg) => {
    expect(await add({ ...valid, ...change })).toMatchObject({ code: 0, msg });
    expect(await list()).toEqual([]);
  });

  it('makes the first address the default and keeps exactly one default', async () => {
    const first = await add(valid);
    expect(first).toMatchObject({ code: 1, msg: 'Save successful', data: { isDefault: true } });
    const second = await add({ ...valid, tag: 'company', isDefault: true });
    expect(second.data.isDefault).toBe(true);
    expect((await list()).map((a) => [a.tag, a.isDefault])).toEqual([
      ['company', true],
      ['home', false],
    ]);
    const set = await call(t.app, {
      method: 'POST',
      url: '/api/user/address_set_default',
      headers: ana.headers,
      payload: { id: first.data.id },
    });
    expect(set).toMatchObject({ code: 1, msg: 'Setting Success' });
    expect((await list()).filter((a) => a.isDefault).map((a) => a.id)).toEqual([first.data.id]);
  });

  it('updates with id, reads one, and deletes ("Delete Success"), passing the default on', async () => {
    const [home] = (await list()).filter((a) => a.isDefault);
    const updated = await add({ ...valid, id: home!.id, area: 'Porto' });
    expect(updated.data).toMatchObject({ id: home!.id, area: 'Porto', isDefault: true });
    const one = await call<Address>(t.app, {
      method: 'GET',
      url: `/api/user/address?id=${home!.id}`,
      headers: ana.headers,
    });
    expect(one.data.area).toBe('Porto');
    const deleted = await call(t.app, {
      method: 'GET',
      url: `/api/user/address_del?id=${home!.id}`,
      headers: ana.headers,
    });
    expect(deleted).toMatchObject({ code: 1, msg: 'Delete Success' });
    expect((await list()).map((a) => a.isDefault)).toEqual([true]);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/user/address?id=${home!.id}`, headers: ana.headers })).msg,
    ).toBe('This address does not exist');
  });

  it('keeps one default when defaults are set in parallel', async () => {
    const ids = (await Promise.all([add(valid), add(valid), add(valid)])).map((r) => r.data.id);
    await Promise.all(
      ids.map((id) =>
        call(t.app, { method: 'POST', url: '/api/user/address_set_default', headers: ana.headers, payload: { id } }),
      ),
    );
    expect((await list()).filter((a) => a.isDefault)).toHaveLength(1);
  });
});
