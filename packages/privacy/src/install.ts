import { setEventCodec } from '@hs/eventstore';
import { personalDataCodec } from './codec';
import { configurePersonalData, keyRingFromEnv } from './keys';

/**
 * What every composition root (api, worker, CLI) calls once at start: loads the key ring and puts the
 * codec in the event store's one read and write path.
 */
export function installPersonalData(keys: {
  key: string;
  previousKeys?: string | undefined;
  hashKey: string;
}): void {
  configurePersonalData(
    keyRingFromEnv({
      PERSONAL_DATA_KEY: keys.key,
      PERSONAL_DATA_PREVIOUS_KEYS: keys.previousKeys,
      PERSONAL_DATA_HASH_KEY: keys.hashKey,
    }),
  );
  setEventCodec(personalDataCodec);
}
