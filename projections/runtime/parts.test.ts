// A document kept in parts (projection.ts `parts`): the runner saves its rest as the document and each entry of
// its records as a row, rewriting only the entries evolve replaced and deleting those gone; reading it back
// joins them again. Real SQLite files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openReadModels, type ReadModels } from './db.ts';
import type { Parts, Projection } from './projection.ts';
import { loadStoredDoc, saveDocument } from './store.ts';

interface Doc {
  readonly title: string;
  readonly items: Readonly<Record<string, { readonly n: number }>>;
}

const inParts: Projection<Doc> = {
  name: 'parted',
  async migrate() {},
  keysOf: () => [],
  initial: () => ({ title: '', items: {} }),
  evolve: (doc) => doc,
  parts: {
    split: ({ items, ...rest }) => ({ rest, parts: { items } }),
    join: (rest, { items = {} }: Parts) => ({
      ...(rest as Omit<Doc, 'items'>),
      items: items as Doc['items'],
    }),
  },
};

let dir: string;
let db: ReadModels;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ml-parts-'));
  db = await openReadModels({ kind: 'sqlite', file: join(dir, 'rm.db') });
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const save = (doc: Doc, before: Doc | undefined) =>
  db.transaction().execute((trx) => saveDocument(trx, inParts, 't1', doc, before));

const partRows = async () =>
  (
    await db
      .selectFrom('projection_doc_parts')
      .select(['part', 'entry_key', 'body'])
      .where('projection', '=', 'parted')
      .orderBy('entry_key')
      .execute()
  ).map((r) => `${r.part}/${r.entry_key}=${r.body}`);

describe('a document kept in parts', () => {
  it('given a new document, when saved, then its rest is the document and each entry a row; read back it is whole', async () => {
    const doc: Doc = { title: 'Spring Open', items: { a: { n: 1 }, b: { n: 2 } } };
    await save(doc, undefined);

    const stored = await db
      .selectFrom('projection_docs')
      .select('doc')
      .where('projection', '=', 'parted')
      .execute();
    expect(stored.map((r) => JSON.parse(r.doc))).toEqual([{ title: 'Spring Open' }]);
    expect(await partRows()).toEqual(['items/a={"n":1}', 'items/b={"n":2}']);
    expect(await loadStoredDoc(db, inParts, 't1')).toEqual(doc);
  });

  it('given a saved document, when an entry is replaced, one added and one gone, then only those rows change', async () => {
    const before: Doc = { title: 'Spring Open', items: { a: { n: 1 }, b: { n: 2 }, c: { n: 3 } } };
    await save(before, undefined);
    // A row the next save must leave alone, since its entry is the same object: marked to tell.
    await db
      .updateTable('projection_doc_parts')
      .set({ body: '{"n":20}' })
      .where('entry_key', '=', 'b')
      .execute();

    const after: Doc = { title: 'Spring Open', items: { a: { n: 10 }, b: before.items.b!, d: { n: 4 } } };
    await save(after, before);

    expect(await partRows()).toEqual(['items/a={"n":10}', 'items/b={"n":20}', 'items/d={"n":4}']);
  });

  it('given a document read back from its rows, then an entry is written again only when it is a new object', async () => {
    const before: Doc = { title: 'Spring Open', items: { a: { n: 1 } } };
    await save(before, undefined);
    const readBack = (await loadStoredDoc(db, inParts, 't1')) as Doc;
    await db.updateTable('projection_doc_parts').set({ body: '{"n":99}' }).execute();

    await save({ ...readBack, items: { ...readBack.items } }, readBack);

    // The entry read back is the object the save compares against: the same, so not written; a new object
    // (equal or not) is.
    expect(await partRows()).toEqual(['items/a={"n":99}']);
    await save({ title: 'Spring Open', items: { a: { n: 1 } } }, readBack);
    expect(await partRows()).toEqual(['items/a={"n":1}']);
  });
});
