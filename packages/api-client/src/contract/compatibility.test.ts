import { satisfy } from '@module-federation/runtime-core';
import { unmetRequirements } from './compatibility';

const PROVIDES = { react: '19.3.1', '@gudang/shared-ui': '1.3.0', '@gudang/api-client': '1.2.0' };

describe('unmetRequirements', () => {
  it('names each requirement the shell does not satisfy, with what it provides', () => {
    expect(
      unmetRequirements(
        {
          react: { requiredVersion: '^19.0.0' },
          '@gudang/shared-ui': { requiredVersion: '^2.0.0' },
          'left-pad': { requiredVersion: '^1.0.0' },
          free: { requiredVersion: false },
        },
        PROVIDES,
        satisfy,
      ),
    ).toEqual([
      '@gudang/shared-ui ^2.0.0 (shell menyediakan 1.3.0)',
      'left-pad ^1.0.0 (shell tidak menyediakan)',
    ]);
  });

  it('does not hold a non-strict singleton to the shell patch level', () => {
    expect(
      unmetRequirements(
        {
          'styled-components': { requiredVersion: '^6.6.1', strictVersion: false },
          react: { requiredVersion: '^19.4.0', strictVersion: true },
        },
        { 'styled-components': '6.6.0', react: '19.3.1' },
        satisfy,
      ),
    ).toEqual(['react ^19.4.0 (shell menyediakan 19.3.1)']);
  });
});
