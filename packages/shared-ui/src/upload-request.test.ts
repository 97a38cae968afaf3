import { UPLOAD_TIMEOUT_MS, uploadRequest } from './upload-request';

describe('uploadRequest', () => {
  it('posts the text fields before the file, leaving out those not given', () => {
    // A Blob with a name: the test environment's FormData is Node's (jest-fixed-jsdom) and takes
    // no jsdom File.
    const file = Object.assign(new Blob(['a,b'], { type: 'text/csv' }), {
      name: 'pesanan.csv',
    }) as File;
    const request = uploadRequest(
      '/api/uploads',
      { store_id: 3, buffer: undefined, mode: 'x' },
      file,
    );

    expect(request).toMatchObject({
      url: '/api/uploads',
      method: 'POST',
      timeout: UPLOAD_TIMEOUT_MS,
    });
    expect([...request.body.keys()]).toEqual(['store_id', 'mode', 'file']);
    expect(request.body.get('store_id')).toBe('3');
    expect(request.body.get('mode')).toBe('x');
    expect((request.body.get('file') as File).name).toBe('pesanan.csv');
  });
});
