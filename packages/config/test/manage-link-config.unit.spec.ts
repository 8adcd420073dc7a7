import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEVELOPMENT_MANAGE_LINK_SECRET,
  manageLinkSecretService,
  readCommonConfig,
  refuseFakesInProduction,
} from '../src';

/** Issue 46: MANAGE_LINK_SECRET signs the emails' manage links; production refuses to start without it. */
describe('MANAGE_LINK_SECRET', () => {
  it('is read when set (at least 32 characters), else the development secret serves', () => {
    const own = 'm'.repeat(32);
    expect(readCommonConfig({ MANAGE_LINK_SECRET: own }).manageLinkSecret).toBe(own);
    expect(readCommonConfig({}).manageLinkSecret).toBe(DEVELOPMENT_MANAGE_LINK_SECRET);
    expect(() => readCommonConfig({ MANAGE_LINK_SECRET: 'short' })).toThrow(ConfigError);
  });

  it('is required in production, except for the demo', () => {
    const guard = (env: Record<string, string>, demo: boolean) => () =>
      refuseFakesInProduction({ env: 'production', demo }, [manageLinkSecretService(env)]);
    expect(guard({}, false)).toThrow(/MANAGE_LINK_SECRET is required in production/);
    expect(guard({ MANAGE_LINK_SECRET: 'm'.repeat(32) }, false)).not.toThrow();
    expect(guard({}, true)).not.toThrow();
  });
});
