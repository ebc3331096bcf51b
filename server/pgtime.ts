import { PGlite } from '@electric-sql/pglite';
const t0 = Date.now();
(async () => {
  const c = new PGlite();
  await c.query('create table x(a int)');
  console.log('init', Date.now() - t0);
  const dump = await c.dumpDataDir('none');
  console.log('dump', Date.now() - t0, dump.size);
  const c2 = new PGlite({ loadDataDir: dump });
  await c2.query('select * from x');
  console.log('load', Date.now() - t0);
  const c3 = await PGlite.create({ loadDataDir: dump });
  await c3.query('select * from x');
  console.log('load2', Date.now() - t0);
})();
