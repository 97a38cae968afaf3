import { TOKEN_KEY, clearToken, getToken, setToken } from './token';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

test("stores the token in localStorage under 'token'", () => {
  expect(TOKEN_KEY).toBe('token');
  expect(getToken()).toBeNull();
  setToken('abc');
  expect(localStorage.getItem('token')).toBe('abc');
  expect(getToken()).toBe('abc');
  clearToken();
  expect(localStorage.getItem('token')).toBeNull();
  expect(getToken()).toBeNull();
});

test('is safe when storage throws', () => {
  jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new Error('blocked');
  });
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new Error('blocked');
  });
  jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
    throw new Error('blocked');
  });
  expect(() => setToken('abc')).not.toThrow();
  expect(getToken()).toBeNull();
  expect(() => clearToken()).not.toThrow();
});

test('is safe when localStorage is missing', () => {
  jest.spyOn(globalThis, 'localStorage', 'get').mockReturnValue(undefined as unknown as Storage);
  expect(getToken()).toBeNull();
  expect(() => setToken('abc')).not.toThrow();
  expect(() => clearToken()).not.toThrow();
});

test('is safe when reading localStorage itself throws', () => {
  jest.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  expect(getToken()).toBeNull();
  expect(() => setToken('abc')).not.toThrow();
  expect(() => clearToken()).not.toThrow();
});
