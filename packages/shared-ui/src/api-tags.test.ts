import { listTag, listTags, recordTags } from './api-tags';

describe('api tags', () => {
  it('tags a list page by each row and by the list', () => {
    expect(listTags('Order')({ data: [{ id: 1 }, { id: 2 }] })).toEqual([
      { type: 'Order', id: 1 },
      { type: 'Order', id: 2 },
      { type: 'Order', id: 'LIST' },
    ]);
    // No answer (a failed fetch): the list only.
    expect(listTags('Order')(undefined)).toEqual([listTag('Order')]);
  });

  it('invalidates a record, its list and the other tags, by id or by an argument with one', () => {
    expect(recordTags('Order')(undefined, undefined, 3)).toEqual([
      { type: 'Order', id: 3 },
      { type: 'Order', id: 'LIST' },
    ]);
    expect(recordTags('Order', ['Product', listTag('Incoming')])(null, null, { id: 4 })).toEqual([
      { type: 'Order', id: 4 },
      { type: 'Order', id: 'LIST' },
      'Product',
      { type: 'Incoming', id: 'LIST' },
    ]);
  });
});
