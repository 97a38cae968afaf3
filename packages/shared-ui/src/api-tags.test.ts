import {
  createRecord,
  deleteRecord,
  listQuery,
  listTag,
  listTags,
  recordTags,
  updateRecord,
} from './api-tags';

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

  it('builds the requests and tags of a list, a create, an update and a delete', () => {
    const list = listQuery('/api/orders', 'Order');
    expect(list.query({ page: 2 })).toEqual({ url: '/api/orders', params: { page: 2 } });
    expect(list.providesTags(undefined)).toEqual([listTag('Order')]);

    const create = createRecord('/api/orders', 'Order', ['Product']);
    expect(create.query({ a: 1 })).toEqual({ url: '/api/orders', method: 'POST', body: { a: 1 } });
    expect(create.invalidatesTags).toEqual([listTag('Order'), 'Product']);

    const update = updateRecord('/api/orders', 'Order', ['Product']);
    expect(update.query({ id: 5, body: { a: 1 } })).toEqual({
      url: '/api/orders/5',
      method: 'PUT',
      body: { a: 1 },
    });
    expect(update.invalidatesTags(null, null, { id: 5 })).toEqual([
      { type: 'Order', id: 5 },
      listTag('Order'),
      'Product',
    ]);

    const remove = deleteRecord('/api/orders', 'Order');
    expect(remove.query(6)).toEqual({ url: '/api/orders/6', method: 'DELETE' });
    expect(remove.invalidatesTags(null, null, 6)).toEqual([
      { type: 'Order', id: 6 },
      listTag('Order'),
    ]);
  });
});
